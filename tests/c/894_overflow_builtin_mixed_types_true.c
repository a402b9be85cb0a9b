// expect: true
// decide: explicit
// `__builtin_add_overflow(int, unsigned, unsigned *)` computes in 33 bits:
// `llvm.sadd.with.overflow.i33` returns `{i33, i1}`, whose flag is at byte 8 (the allocation
// size of i33), not at byte 5 (its value's bytes). vigil used to write the flag at byte 5, so
// the flag read undefined bytes.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= -3 && x <= 3);
  unsigned r;
  int o = __builtin_add_overflow(x, 1u, &r);
  if (o != (x < -1))
    reach_error();
  if (r != (unsigned)x + 1u)
    reach_error();
  long long w;
  int o2 = __builtin_mul_overflow(x, 3000000000u, &w);
  if (o2 != 0 || w != (long long)x * 3000000000LL)
    reach_error();
  return 0;
}
