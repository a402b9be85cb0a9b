// expect: true
// decide: synergy
// A recursive function that counts its calls in a global: the procedure takes the counter's
// value as an input and returns its final value; the summary "count' == count + n + 1"
// (for n >= 0) is proven by induction, for any n.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int count = 0;
void down(int n) {
  count++;
  if (n > 0) down(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  down(n);
  if (count != n + 1) reach_error();
  return 0;
}
