// expect: true
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// A copy of 20000 inputs, each shifted by 3, into a second array (sparse shadow cells, tests
// past their lowered step bound): the pair of ghost cells, `k' ≠ k ∨ g' == g + 3`, holds
// below the copy counter, then everywhere.
#define N 20000
int __VERIFIER_nondet_int(void);
void reach_error(void);
int src[N];
int dst[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++) src[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++) dst[i] = src[i] + 3;
  for (i = 0; i < N; i++) {
    if (dst[i] - 3 != src[i]) reach_error();
  }
  return 0;
}
