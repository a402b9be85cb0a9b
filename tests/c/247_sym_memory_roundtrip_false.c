// expect: false(unreach-call)
// decide: explicit
// The same copies, and a condition that one input value violates.
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct pair { int a; long b; };
int main(void) {
    int *v = malloc(4 * sizeof(int));
    if (!v)
        return 0;
    for (int i = 0; i < 4; i++)
        v[i] = __VERIFIER_nondet_int();
    struct pair p = { v[1], (long)v[2] * 3 };
    struct pair q;
    memcpy(&q, &p, sizeof q);
    if (q.b == 3000000000L)
        reach_error();
    free(v);
    return 0;
}
