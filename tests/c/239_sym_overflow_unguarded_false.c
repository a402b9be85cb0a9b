// expect: false(no-overflow)
// property: no-overflow
// decide: explicit
// One bound too loose: 1000 * 3000000 overflows an int.
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    if (x < -1000000 || x > 3000000 || y < -1000000 || y > 1000000)
        return 0;
    int s = 1000 * x + y;
    return s > 0;
}
