// expect: false(unreach-call)
// decide: explicit
// The program defines reach_error itself, with an empty body, and calls it through a macro:
// natively the call is silent, but the harness sees it (-finstrument-functions) and confirms.
void reach_error(void) {}
#define FAIL() reach_error()
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  if (c == 200) FAIL();
  return 0;
}
