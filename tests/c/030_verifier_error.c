// expect: false(unreach-call)
// The old SV-COMP error function __VERIFIER_error.
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 12345) __VERIFIER_error();
  return 0;
}
