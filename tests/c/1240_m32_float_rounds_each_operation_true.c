// expect: true
// flags: --m32
// decide: explicit
// Under ILP32 vigil rounds every floating-point operation as IEEE binary32/64 says
// (FLT_EVAL_METHOD 0), as the LLVM IR clang emits does and as CBMC, ESBMC and SV-COMP's
// expected verdicts do. i386's default x87 code would keep `a + e` in an 80-bit register (so
// `a + e - a` is 2^-53) and `(float)i` exact, and reach the error; vigil's native build of an
// ILP32 program computes with SSE2 (`-msse2 -mfpmath=sse`) instead, which agrees with the model
// (README, "Floating point").
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  volatile double a = 1.0, e = 0x1p-53;
  volatile float g = 16777216.0f;
  int i = __VERIFIER_nondet_int();
  if (i != 16777217)
    return 0;
  double z = a + e - a;
  if (z != 0 && (float)i != g)
    reach_error();
  return 0;
}
