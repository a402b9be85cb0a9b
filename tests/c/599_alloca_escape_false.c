// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// alloca memory is released when the function that allocated it returns: the caller reads a
// dangling pointer.
#include <alloca.h>
#include <string.h>

static char *scratch(void) {
    char *p = alloca(16);
    memset(p, 'a', 16);
    return p;
}

int main(void) {
    char *p = scratch();
    return p[3] == 'a';
}
