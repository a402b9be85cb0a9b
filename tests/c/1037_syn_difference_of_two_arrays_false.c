// expect: false(unreach-call)
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// As 1036, but one cell of the difference is off by one.
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
  for (i = 0; i < N; i++) d[i] = p[i] - q[i] + (i == 12345);
  for (i = 0; i < N; i++) {
    if (d[i] + q[i] != p[i]) reach_error();
  }
  return 0;
}
