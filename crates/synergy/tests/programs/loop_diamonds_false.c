// Loops and diamonds (Table 1's test14.c, 1 iteration): the error is reachable on every path, so
// the first test finds it.
// paper: test14.c, 1 iteration
// expect: false
// max-iterations: 1
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i = 0, s = 0;
  while (i < 100) {
    if (__VERIFIER_nondet_int()) s = s + 1; else s = s + 2;
    if (__VERIFIER_nondet_int()) s = s - 1; else s = s + 1;
    i++;
  }
  if (s >= 0) reach_error();
  return 0;
}
