// expect: true
// decide: synergy
// SV-COMP's recHanoi01: the moves counted in a global by the two-way recursion equal the
// closed form's recursion 2 * h(n - 1) + 1. The summaries "n >= 1 => result == (1 << n) - 1"
// and "counter' == counter + (1 << n) - 1" are proven by induction (with wrap-around they
// hold past the width too: 1 << n is 0 there and both sides are -1).
void reach_error(void);
int __VERIFIER_nondet_int(void);
int counter;
int hanoi(int n) {
  if (n == 1) return 1;
  return 2 * hanoi(n - 1) + 1;
}
void apply_hanoi(int n, int from, int to, int via) {
  if (n == 0) return;
  counter++;
  apply_hanoi(n - 1, from, via, to);
  apply_hanoi(n - 1, via, to, from);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 31) return 0;
  counter = 0;
  apply_hanoi(n, 1, 3, 2);
  int result = hanoi(n);
  if (result != counter) reach_error();
  return 0;
}
