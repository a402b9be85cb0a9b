// expect: false(unreach-call)
// decide: synergy
// 675 with one arm of the branch leaving mode at 1: a test with n >= 1 that takes that arm in
// the last iteration reaches the error.
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int mode = 0;
  for (int i = 0; i < n; i++) {
    mode = 1;
    if (__VERIFIER_nondet_int()) mode = 2;
  }
  if (n > 0 && mode != 2) reach_error();
  return 0;
}
