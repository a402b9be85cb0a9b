// expect: unknown(division by zero)
// decide: explicit
// The divisor may be zero: undefined behaviour outside unreach-call, found by a solver query
// on the symbolic divisor (enumerating a few sample values would also have found 0; here the
// point is that the answer is not `true`).
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (a < 0 || b < -5 || b > 5 || b == 3)
        return 0;
    return a / (b - 2);
}
