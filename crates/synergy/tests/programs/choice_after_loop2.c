// A deterministic loop with a nondeterministic branch inside and the check after the loop
// (Table 1's test12.c, 7 iterations): the bound x >= 1 at the loop head comes from splits.
// paper: test12.c, 7 iterations
// expect: true
// max-iterations: 7
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i = 0, x = 1;
  while (i < 1000) {
    if (__VERIFIER_nondet_int()) x = 2; else x = 3;
    i++;
  }
  if (x == 0) reach_error();
  return 0;
}
