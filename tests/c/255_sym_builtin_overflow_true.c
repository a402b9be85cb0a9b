// expect: true
// decide: explicit
// __builtin_add_overflow and __builtin_mul_overflow on symbolic inputs (llvm.*.with.overflow):
// the overflow flag and the wrapped result are terms.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int r;
    if (__builtin_add_overflow(a, b, &r)) {
        if (a > 0 && b < 0)
            reach_error();
        return 0;
    }
    if (r - b != a)
        reach_error();
    unsigned u;
    if (a >= 0 && a < 65536 && !__builtin_mul_overflow((unsigned)a, (unsigned)a, &u) && u < (unsigned)a)
        reach_error();
    return 0;
}
