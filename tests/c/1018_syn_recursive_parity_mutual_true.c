// expect: true
// decide: synergy
// Parity by two mutually recursive procedures, one step of a non-negative input per call. The
// proof needs `n >= 0 => result == (n & 1)` of one and `n >= 0 => result == (n & 1) ^ 1` of
// the other, proven together (624 only needs the results' range).
void reach_error(void);
int __VERIFIER_nondet_int(void);
int parity_of_even(int k);
int parity_of_odd(int k) { return k == 0 ? 0 : parity_of_even(k - 1); }
int parity_of_even(int k) { return k == 0 ? 1 : parity_of_odd(k - 1); }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && parity_of_odd(k) != k % 2) reach_error();
  return 0;
}
