// expect: true
// decide: explicit
// Division by an input that the program checks against zero first, and a remainder that stays
// below the divisor.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (b <= 0 || b > 100 || a < 0 || a > 10000)
        return 0;
    int r = a % b;
    if (r >= b)
        reach_error();
    return a / b;
}
