// A division guarded by x > 0: undefined behaviour is an error region too, and the proof
// must exclude it; 100 / x <= 100 for x > 0.
// expect: true
// max-iterations: 20
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x > 0) y = 100 / x;
  if (y > 100) reach_error();
  return 0;
}
