// expect: false(unreach-call)
// decide: explicit
// An input with three set bits, all in its low byte: the byte swap moves them to the top byte.
// The solver picks such an input (the terms of ctpop and bswap over it) and the run replays.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned v = __VERIFIER_nondet_uint();
  if (__builtin_popcount(v) != 3)
    return 0;
  unsigned masked = v & 0xffffff00u;
  if ((__builtin_bswap32(v) & 0xff000000u) != 0 && masked == 0)
    reach_error();
  return 0;
}
