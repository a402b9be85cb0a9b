// expect: true
// llvm.bswap, llvm.bitreverse, llvm.fshl/fshr (rotations).
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (__builtin_bswap32(__builtin_bswap32(x)) != x) reach_error();
  if (__builtin_bitreverse32(__builtin_bitreverse32(x)) != x) reach_error();
  unsigned r = __builtin_rotateleft32(x, 5);
  if (__builtin_rotateright32(r, 5) != x) reach_error();
  unsigned short s = __builtin_bswap16((unsigned short)0x1234);
  if (s != 0x3412) reach_error();
  return 0;
}
