// expect: true
// property: no-overflow
// decide: synergy
// A loop fills an array with 1000 * i, a second loop sums an input-bounded prefix of it
// (issue 18 audit: array loop x no-overflow): the sum stays far below INT_MAX.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4];
  for (int i = 0; i < 4; i++) a[i] = 1000 * i;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) n = 4;
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s > 6000;
}
