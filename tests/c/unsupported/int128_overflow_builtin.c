// unsupported: i128 in a call of an intrinsic line 6
// __builtin_mul_overflow on __int128 operands is an LLVM intrinsic on i128.
int main(void) {
  __int128 x = __VERIFIER_nondet_long();
  __int128 r;
  if (__builtin_mul_overflow(x, x, &r))
    return 1;
  return 0;
}
