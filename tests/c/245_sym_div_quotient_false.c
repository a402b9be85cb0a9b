// expect: false(unreach-call)
// decide: explicit
// A quotient that is wrong when the divisor is 7 (the check before it forgets nothing else).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (b <= 0 || b > 100 || a < 0 || a > 10000)
        return 0;
    if (a / b == 1428 && b == 7)
        reach_error();
    return 0;
}
