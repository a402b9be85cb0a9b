// expect: false(unreach-call)
// decide: synergy
// 681 with the step of t changed on the fifth iteration: t == 3*k holds until k reaches 5.
unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned k = 0, t = 0;
  while (k < n) { k++; t += (k == 5) ? 4 : 3; }
  if (t != 3 * k) reach_error();
  return 0;
}
