// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// An off-by-one bound check: the index 10 is feasible and reads past the array.
extern int __VERIFIER_nondet_int(void);
int a[10];
int main(void) {
    for (int i = 0; i < 10; i++)
        a[i] = i * i;
    int k = __VERIFIER_nondet_int();
    if (k < 0 || k > 10)
        return 0;
    return a[k] > 81;
}
