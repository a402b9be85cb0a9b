// expect: false(unreach-call)
// decide: synergy
// 1018 with a wrong base case: parity_of_even(6) is 0, so parity_of_odd(k) is wrong for every
// odd k >= 7.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int parity_of_even(int k);
int parity_of_odd(int k) { return k == 0 ? 0 : parity_of_even(k - 1); }
int parity_of_even(int k) { return k == 0 ? 1 : k == 6 ? 0 : parity_of_odd(k - 1); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && parity_of_odd(k) != k % 2) reach_error();
  return 0;
}
