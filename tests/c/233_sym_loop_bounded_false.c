// expect: false(unreach-call)
// decide: explicit
// The loop's result is wrong for one length only.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    if (n > 20)
        return 0;
    unsigned s = 0;
    for (unsigned i = 0; i < n; i++)
        s += (i == 13) ? 3 : 2;
    if (s != 2 * n)
        reach_error();
    return 0;
}
