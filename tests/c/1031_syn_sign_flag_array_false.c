// expect: false(unreach-call)
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// As 1030, but the flag records `a[i] > 0` while the check expects `a[i] >= 0`: an input
// 0 at any index is a counterexample.
#define N 20000
int __VERIFIER_nondet_int(void);
void reach_error(void);
int a[N];
int b[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++) b[i] = a[i] > 0;
  for (i = 0; i < N; i++) {
    if ((a[i] >= 0) != (b[i] != 0)) reach_error();
  }
  return 0;
}
