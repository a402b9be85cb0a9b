// expect: true
// Signed arithmetic: add/sub/mul/sdiv/srem with nsw, all signed comparisons.
int main(void) {
  int a = __VERIFIER_nondet_int();
  __VERIFIER_assume(a > -1000 && a < 1000);
  int b = a * 3 - 7;
  int q = b / 5, r = b % 5;
  if (q * 5 + r != b) reach_error();
  if (a >= 3 && r < 0) reach_error(); /* b = 3a-7 >= 2, so r >= 0 */
  if (a <= -1 && b > 0) reach_error();
  return 0;
}
