// expect: false(unreach-call)
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// 1006 with the comparison loop one short, and arrays that differ only in their last cell:
// the flag stays set and the check finds the difference (after 60000 steps).
#define N 20000
int __VERIFIER_nondet_int(void);
void reach_error(void);
int x[N];
int y[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++) {
    x[i] = __VERIFIER_nondet_int();
    y[i] = x[i];
  }
  y[N - 1] = x[N - 1] + 1;
  int ok = 1;
  for (i = 0; i < N - 1; i++) {
    if (x[i] != y[i]) ok = 0;
  }
  if (ok) {
    for (i = 0; i < N; i++) {
      if (x[i] != y[i]) reach_error();
    }
  }
  return 0;
}
