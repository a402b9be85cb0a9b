// An array written at an input index: memory the engine does not model, so unknown.
// expect: unknown
// max-iterations: 0
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
