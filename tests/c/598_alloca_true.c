// expect: true
// property: valid-memsafety
// decide: explicit
// alloca memory lives until its function returns (not its block): blocks allocated in a loop
// all stay valid, and each has exactly the size asked for.
#include <alloca.h>
#include <assert.h>
#include <string.h>

static int sum_copies(int n) {
    char *keep[4];
    for (int i = 0; i < n; i++) {
        keep[i] = alloca(8);
        memset(keep[i], i, 8);
    }
    int s = 0;
    for (int i = 0; i < n; i++)
        s += keep[i][7];
    return s;
}

int main(void) {
    assert(sum_copies(4) == 6);
    return 0;
}
