// expect: false(unreach-call)
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// 1000 checked with a strict comparison: the largest cell is not below itself. The first
// cell already fails, but only after the fill and the search loop (40000 steps): the test
// runs past its step bound (lowered to 10000 here).
#define N 20000
int __VERIFIER_nondet_int(void);
void reach_error(void);
int a[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  int best = a[0];
  for (i = 1; i < N; i++) {
    if (a[i] > best) best = a[i];
  }
  for (i = 0; i < N; i++) {
    if (!(a[i] < best)) reach_error();
  }
  return 0;
}
