// expect: true
// property: valid-memsafety
// decide: explicit
// memalign, valloc and pvalloc (glibc): pvalloc rounds the size up to whole pages, so the last
// byte of the page is the program's; memalign accepts an alignment that is not a power of two.
#include <assert.h>
#include <malloc.h>
#include <stdlib.h>

int main(void) {
    char *p = pvalloc(1);
    char *q = valloc(10);
    char *r = memalign(24, 8);
    if (p)
        p[4095] = 1;
    if (q)
        q[9] = 2;
    if (r)
        r[7] = 3;
    free(p);
    free(q);
    free(r);
    return 0;
}
