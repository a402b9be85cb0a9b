// Towers of Hanoi (SV-COMP's recHanoi01): the moves a two-way recursion counts in a global
// equal the closed form's recursion. Summaries with a power of two, "n >= 1 => result ==
// (1 << n) - 1" and "counter' == counter + (1 << n) - 1", proven inductively (they hold with
// wrap-around past the width too).
// expect: true
// max-iterations: 10
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int counter;
int hanoi(int n) { if (n == 1) return 1; return 2 * hanoi(n - 1) + 1; }
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
  if (hanoi(n) != counter) reach_error();
  return 0;
}
