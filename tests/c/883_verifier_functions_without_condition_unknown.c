// expect: unknown(too few arguments)
// decide: explicit
// unknown: undefined
// `__VERIFIER_assume` and `__VERIFIER_assert` declared without a prototype and called without
// their condition: the VM stops at the call ("too few arguments"); the symbolic engines answer
// unknown too (they used to index the missing argument and fail with an internal error).
void __VERIFIER_assume();
void __VERIFIER_assert();
int main(void) {
  __VERIFIER_assume();
  __VERIFIER_assert();
  return 0;
}
