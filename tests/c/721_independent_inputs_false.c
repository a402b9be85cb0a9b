// expect: false(unreach-call)
// decide: explicit
// The false twin of 720: the check loop stops one input short, and the error needs the two
// linked inputs (a[0] = 7, a[1] = 8) together with a[23] = 999.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);

int main(void) {
    unsigned int a[24];
    for (int i = 0; i < 24; i++) {
        a[i] = __VERIFIER_nondet_uint() % 1000u;
    }
    for (int i = 0; i < 23; i++) {
        if (a[i] >= 1000u) {
            reach_error();
        }
    }
    if (a[0] == 7u && a[1] != a[0] + 1u) {
        return 0;
    }
    if (a[0] == 7u && a[1] == 8u && a[23] == 999u) {
        reach_error();
    }
    return 0;
}
