// expect: false(unreach-call)
// decide: synergy
// As 700, but only starts below the bound are made even: an odd start at or above the bound
// skips the loop and fails the check (a test with such an input).
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x < 0x0fffffffu)
    x &= ~1u;
  while (x < 0x0fffffffu)
    x += 2;
  if (x % 2 != 0) reach_error();
  return 0;
}
