// expect: false(unreach-call)
// decide: explicit
// x * 3 == 7 modulo 2^64 has exactly one solution (7 times the inverse of 3), which sampling
// would not find: the VM keeps __VERIFIER_nondet_u64 symbolic and the solver gives it.
extern void reach_error(void);
extern unsigned long long __VERIFIER_nondet_u64(void);

int main(void) {
    unsigned long long x = __VERIFIER_nondet_u64();
    if (x * 3 == 7) {
        reach_error();
    }
    return 0;
}
