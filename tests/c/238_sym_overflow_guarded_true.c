// expect: true
// property: no-overflow
// decide: explicit
// Scaled sums of inputs guarded so that they cannot overflow (each check is a solver query).
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    if (x < -1000000 || x > 1000000 || y < -1000000 || y > 1000000)
        return 0;
    int s = 1000 * x + y;
    int t = s - 2 * y;
    return t > 0;
}
