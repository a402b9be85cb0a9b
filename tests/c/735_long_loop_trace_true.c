// expect: true
// decide: explicit
// As 734, but the inputs cannot reach the error: a proof by a complete exploration of the
// 2^21 iterations.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = 0;
    unsigned int i = 0;
    while (i < (1u << 21)) {
        if (i == (1u << 20))
            b = __VERIFIER_nondet_int();
        i++;
    }
    if (a == 3 && b == 5 && a + b != 8)
        reach_error();
    return 0;
}
