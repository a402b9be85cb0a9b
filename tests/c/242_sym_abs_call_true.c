// expect: true
// decide: explicit
// A symbolic argument passed to a function of the program and its result returned: the value
// keeps its term through the call.
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
    if (d < 0 || d > 2000000)
        reach_error();
    return 0;
}
