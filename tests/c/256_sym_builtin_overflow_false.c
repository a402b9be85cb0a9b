// expect: false(unreach-call)
// decide: explicit
// The overflow flag of a multiplication is set for some inputs in range: the solver finds one.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int a = __VERIFIER_nondet_int();
    if (a < 0 || a > 100000)
        return 0;
    int r;
    if (__builtin_mul_overflow(a, a, &r))
        reach_error();
    return 0;
}
