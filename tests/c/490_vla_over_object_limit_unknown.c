// expect: true
// unknown: limit:memory-limit
// A variable-length array of 300 MiB is over the VM's object limit (256 MiB). That is a
// resource limit of vigil, neither undefined behaviour of the program nor a bug of its runtime:
// the explicit engine answers unknown for cause memory-limit, never true.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int n = 300 << 20;
    if (__VERIFIER_nondet_int()) {
        n = 16;
    }
    char big[n];
    big[0] = 1;
    big[n - 1] = 2;
    if (big[0] != 1) {
        reach_error();
    }
    return 0;
}
