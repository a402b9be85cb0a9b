// expect: true
// decide: synergy
// A recursive function called after a counting loop in main: synergy proves the program with a
// summary of sum (its memo: sum(5) == 15) and a split of the loop head by i > 10; the
// correctness witness states the loop head's invariant, which holds whatever sum returns, so
// --validate-witness (which has no summaries) finds it inductive.
int __VERIFIER_nondet_int(void);
void reach_error(void);
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main(void) {
  int i = 0;
  while (__VERIFIER_nondet_int()) {
    if (i < 10) i++;
  }
  if (i > 10) reach_error();
  if (sum(5) != 15) reach_error();
  return 0;
}
