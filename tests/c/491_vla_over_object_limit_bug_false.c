// expect: false(unreach-call)
// decide: explicit
// The path with the small array reaches the error; the path with the array over the VM's object
// limit (a resource limit, unknown on its own) does not hide it.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int n = 300 << 20;
    if (__VERIFIER_nondet_int()) {
        n = 16;
    }
    char big[n];
    big[n - 1] = 2;
    if (n == 16) {
        reach_error();
    }
    return 0;
}
