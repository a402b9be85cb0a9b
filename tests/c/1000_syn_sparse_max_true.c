// expect: true
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// 20000 inputs, past the old budget of 8192 shadow cells: the tests keep the array as a
// sparse map, and run past their step bound (lowered to 10000 here) into the later loops.
// Their running maximum bounds every cell: `∀k < i. a[k] ≤ best` at the search loop, then
// `∀k. a[k] ≤ best` at the checking loop.
#define N 20000
int __VERIFIER_nondet_int(void);
void reach_error(void);
int a[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  int best = 0;
  for (i = 0; i < N; i++) {
    if (a[i] > best) best = a[i];
  }
  for (i = 0; i < N; i++) {
    if (a[i] > best) reach_error();
  }
  return 0;
}
