// expect: false(unreach-call)
// && and || short-circuit evaluation; the conditional operator.
static int calls;
static int touch(int v) { calls++; return v; }
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  int r = (a > 0 && touch(b > 0)) || touch(a == -1);
  int m = a > b ? a : b;
  if (m < a || m < b) reach_error();
  if (!r && calls == 2) reach_error(); /* a = 1, b = 0 */
  return 0;
}
