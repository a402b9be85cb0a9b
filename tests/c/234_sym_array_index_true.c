// expect: true
// property: valid-memsafety
// decide: explicit
// An array indexed by an input checked against its length: every feasible index (ten of them)
// is in bounds.
extern int __VERIFIER_nondet_int(void);
int a[10];
int main(void) {
    for (int i = 0; i < 10; i++)
        a[i] = i * i;
    int k = __VERIFIER_nondet_int();
    if (k < 0 || k >= 10)
        return 0;
    return a[k] > 81;
}
