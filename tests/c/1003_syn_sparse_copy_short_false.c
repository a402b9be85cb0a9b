// expect: false(unreach-call)
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// 1002 with the copy loop one short: the last cell of `dst` keeps its 0, not its source
// plus 3 (found at the end of the checking loop, 60000 steps).
#define N 20000
int __VERIFIER_nondet_int(void);
void reach_error(void);
int src[N];
int dst[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++) src[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N - 1; i++) dst[i] = src[i] + 3;
  for (i = 0; i < N; i++) {
    if (dst[i] - 3 != src[i]) reach_error();
  }
  return 0;
}
