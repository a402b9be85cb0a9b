// expect: true
// decide: explicit
// Division and remainder by an input that the program checks against zero first: the
// division-by-zero check is a solver query, unsatisfiable under the path condition.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (b <= 0 || b > 100 || a < 0 || a > 10000)
        return 0;
    int q = a / b;
    int r = a % b;
    if (b == 0 || b > 100)
        reach_error();
    return q + r;
}
