// expect: true
// decide: explicit
// A switch on a short input: the cases and the default are the feasible targets.
extern short __VERIFIER_nondet_short(void);
extern void reach_error(void);
int main(void) {
    short s = __VERIFIER_nondet_short();
    int r;
    switch (s) {
    case 1: r = 10; break;
    case 2: r = 20; break;
    case 300: r = 3000; break;
    default: r = s < 0 ? -s : s; break;
    }
    if (r < 0)
        reach_error();
    return 0;
}
