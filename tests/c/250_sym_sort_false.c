// expect: false(unreach-call)
// decide: explicit
// Bubble sort with one pass too few: some inputs stay unordered.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int a[4];
    for (int i = 0; i < 4; i++)
        a[i] = __VERIFIER_nondet_int();
    for (int i = 0; i < 2; i++)
        for (int j = 0; j + 1 < 4 - i; j++)
            if (a[j] > a[j + 1]) {
                int t = a[j];
                a[j] = a[j + 1];
                a[j + 1] = t;
            }
    for (int i = 0; i + 1 < 4; i++)
        if (a[i] > a[i + 1])
            reach_error();
    return 0;
}
