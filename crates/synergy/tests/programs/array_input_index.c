// An array written at an input index: the store is an if-then-else over the four cells, and
// the input leaves the precondition by a case split over its four values.
// expect: true
// max-iterations: 20
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a[4] = {0, 0, 0, 0};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4) return 0;
  a[i] = 5;
  if (a[0] + a[1] + a[2] + a[3] != 5) reach_error();
  return 0;
}
