// expect: false(unreach-call)
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// 1004 with the mirroring loop one short: `b[0]` is never written and is not the last
// input plus one (found after 40000 steps).
#define N 20000
int __VERIFIER_nondet_int(void);
void reach_error(void);
int a[N];
int b[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N - 1; i++) b[N - 1 - i] = a[i] + 1;
  for (i = 0; i < N; i++) {
    if (b[i] != a[N - 1 - i] + 1) reach_error();
  }
  return 0;
}
