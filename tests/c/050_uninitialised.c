// expect: true
// A branch on an uninitialised local (after mem2reg an undef operand); no reach_error call.
int main(void) {
  int x;
  if (__VERIFIER_nondet_bool()) x = 1;
  if (x == 1) return 0;
  return 1;
}
