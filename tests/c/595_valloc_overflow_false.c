// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// valloc(10) aligns the block to a page but gives the program 10 bytes, not a page.
#include <stdlib.h>
#include <malloc.h>

int main(void) {
    char *q = valloc(10);
    if (q)
        q[10] = 1;
    free(q);
    return 0;
}
