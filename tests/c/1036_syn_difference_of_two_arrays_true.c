// expect: true
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// A third array holds the difference of two arrays of inputs, cell by cell: the invariant
// relates three ghost cells at one index, `k < i ⇒ d[k] == p[k] - q[k]`, then for every k
// at the checking loop.
#define N 20000
int __VERIFIER_nondet_int(void);
void reach_error(void);
int p[N];
int q[N];
int d[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++) {
    p[i] = __VERIFIER_nondet_int();
    q[i] = __VERIFIER_nondet_int();
  }
  for (i = 0; i < N; i++) d[i] = p[i] - q[i];
  for (i = 0; i < N; i++) {
    if (d[i] + q[i] != p[i]) reach_error();
  }
  return 0;
}
