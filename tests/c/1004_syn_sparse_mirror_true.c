// expect: true
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// 20000 inputs written mirrored into a second array, plus one (sparse shadow cells, tests
// past their lowered step bound): `∀k. b[N−1−k] == a[k] + 1` through the mirrored pair of
// ghost cells.
#define N 20000
int __VERIFIER_nondet_int(void);
void reach_error(void);
int a[N];
int b[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++) b[N - 1 - i] = a[i] + 1;
  for (i = 0; i < N; i++) {
    if (b[i] != a[N - 1 - i] + 1) reach_error();
  }
  return 0;
}
