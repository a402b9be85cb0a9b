// expect: true
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// A flag array records each input's sign: `b[i] = (a[i] >= 0)`. The invariant relates the
// two arrays' cells at one index, guarded by the loop counter: `k < i ⇒ (b[k] != 0 ⇔
// a[k] >= 0)`, then for every k at the checking loop, whose test reads both cells in the
// step from its head.
#define N 20000
int __VERIFIER_nondet_int(void);
void reach_error(void);
int a[N];
int b[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++) b[i] = a[i] >= 0;
  for (i = 0; i < N; i++) {
    if ((a[i] >= 0) != (b[i] != 0)) reach_error();
  }
  return 0;
}
