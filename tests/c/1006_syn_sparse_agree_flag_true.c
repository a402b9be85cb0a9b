// expect: true
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// Two arrays of 20000 inputs compared cell by cell, a flag cleared at the first difference
// (sparse shadow cells, tests past their lowered step bound); with the flag still set every
// cell agrees: `ok == 0 ∨ ∀k < i. x[k] == y[k]`.
#define N 20000
int __VERIFIER_nondet_int(void);
void reach_error(void);
int x[N];
int y[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++) {
    x[i] = __VERIFIER_nondet_int();
    y[i] = __VERIFIER_nondet_int();
  }
  int ok = 1;
  for (i = 0; i < N; i++) {
    if (x[i] != y[i]) ok = 0;
  }
  if (ok) {
    for (i = 0; i < N; i++) {
      if (x[i] != y[i]) reach_error();
    }
  }
  return 0;
}
