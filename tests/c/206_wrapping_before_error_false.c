// expect: false(unreach-call)
// decide: explicit
// Under unreach-call signed arithmetic wraps in the VM; the native run is built with -fwrapv so
// that UBSan does not stop it at the addition, and reaches the error as the VM does.
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 2147483647) return 0;
  int y = x + 1;
  if (y < 0) reach_error();
  return 0;
}
