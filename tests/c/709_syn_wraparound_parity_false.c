// expect: false(unreach-call)
// decide: synergy
// As 708, but a start near the top of the range may be odd: it wraps to an odd value within a
// few iterations.
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x < 0xfffffff0u)
    x = 10;
  while (x >= 10)
    x += 2;
  if (x % 2 != 0) reach_error();
  return 0;
}
