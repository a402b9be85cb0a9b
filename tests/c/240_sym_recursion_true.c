// expect: true
// decide: explicit
// A recursive sum over an input-bounded depth: the closed form holds for every depth.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static int sum(int n) {
    if (n <= 0)
        return 0;
    return n + sum(n - 1);
}
int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 12)
        return 0;
    if (2 * sum(n) != n * (n + 1))
        reach_error();
    return 0;
}
