// expect: false(unreach-call)
// decide: synergy
// 1270 with a move counted twice at the third level: from n = 3 on the counter is ahead of
// the closed form by 2^(n-3).
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
  if (n == 3) counter++;
  apply_hanoi(n - 1, from, via, to);
  apply_hanoi(n - 1, via, to, from);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 12) return 0;
  counter = 0;
  apply_hanoi(n, 1, 3, 2);
  int result = hanoi(n);
  if (result != counter) reach_error();
  return 0;
}
