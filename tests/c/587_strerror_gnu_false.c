// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// With _GNU_SOURCE, strerror_r is the GNU function: for a known errno it returns its static
// message (not the 4-byte buffer it was given), which the program copies into 12 bytes: too
// small for "Operation not permitted" (errno 1) and others.
#define _GNU_SOURCE
#include <string.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
    char scratch[4];
    int e = __VERIFIER_nondet_int();
    if (e < 0 || e > 40)
        return 0;
    char *msg = strerror_r(e, scratch, sizeof scratch);
    char *copy = malloc(12);
    if (!copy)
        return 0;
    strcpy(copy, msg);
    free(copy);
    return 0;
}
