// expect: true
// decide: explicit
// A loop bounded by an input in an assumed range: each iteration forks on the symbolic exit
// test until the range is used up.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    if (n > 20)
        return 0;
    unsigned s = 0;
    for (unsigned i = 0; i < n; i++)
        s += 2;
    if (s != 2 * n)
        reach_error();
    return 0;
}
