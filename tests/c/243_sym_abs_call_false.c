// expect: false(unreach-call)
// decide: explicit
// The same difference with a wrong bound: the solver finds two inputs far enough apart.
extern long __VERIFIER_nondet_long(void);
extern void reach_error(void);
static long absdiff(long a, long b) {
    return a > b ? a - b : b - a;
}
int main(void) {
    long a = __VERIFIER_nondet_long();
    long b = __VERIFIER_nondet_long();
    if (a < -1000000 || a > 1000000 || b < -1000000 || b > 1000000)
        return 0;
    long d = absdiff(a, b);
    if (d > 1999990)
        reach_error();
    return 0;
}
