// expect: false(unreach-call)
// decide: synergy
// The loop of 502, but the third iteration adds one more: s == 2*i fails once n >= 3.
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, s = 0;
  while (i < n) {
    i++;
    s += 2;
    if (i == 3) s++;
  }
  if (s != 2 * i) reach_error();
  return 0;
}
