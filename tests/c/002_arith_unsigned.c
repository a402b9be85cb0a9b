// expect: true
// Unsigned arithmetic wraps: udiv/urem and unsigned comparisons.
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned y = x + 1u;
  if (x == 4294967295u) { if (y != 0u) reach_error(); }
  unsigned d = __VERIFIER_nondet_uint();
  if (d == 0u) return 0;
  unsigned q = x / d, r = x % d;
  if (r >= d) reach_error();
  if (q > x) reach_error();
  if (!(q <= x && r < d && x >= r)) reach_error();
  return 0;
}
