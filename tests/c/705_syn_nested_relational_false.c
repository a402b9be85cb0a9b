// expect: false(unreach-call)
// decide: synergy
// As 704, but the inner loop runs 11 times when the outer counter is 3: s == 10*i breaks once
// n > 3.
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, s = 0;
  while (i < n) {
    unsigned j = 0;
    unsigned m = i == 3 ? 11 : 10;
    while (j < m) {
      j++;
      s++;
    }
    i++;
  }
  if (s != 10 * i) reach_error();
  return 0;
}
