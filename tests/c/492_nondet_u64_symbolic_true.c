// expect: true
// decide: explicit
// __VERIFIER_nondet_u64 and __VERIFIER_nondet_s32 are inputs like __VERIFIER_nondet_ulong: the
// VM keeps them symbolic (their signedness and width come from the one table of SV-COMP
// functions, vigil_ir::svcomp), so every value is covered and the answer is true.
extern void reach_error(void);
extern unsigned long long __VERIFIER_nondet_u64(void);
extern int __VERIFIER_nondet_s32(void);

int main(void) {
    unsigned long long x = __VERIFIER_nondet_u64();
    int s = __VERIFIER_nondet_s32();
    if ((x | 1) == 0) {
        reach_error();
    }
    if (s > 0 && (long long)s * 2 < 0) {
        reach_error();
    }
    return 0;
}
