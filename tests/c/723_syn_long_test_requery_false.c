// expect: false(unreach-call)
// decide: synergy
// As 722, but the check asks for a multiple of 8: a start at or above the bound that is 4
// modulo 8 skips the loop and fails it (a test with such an input), while the first test
// runs to the step bound inside the loop.
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  x &= ~3u;
  while (x < 0x0ffffff0u)
    x += 4;
  if (x % 8 != 0) reach_error();
  return 0;
}
