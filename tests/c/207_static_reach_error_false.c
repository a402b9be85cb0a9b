// expect: false(unreach-call)
// decide: explicit
// reach_error is static and empty: natively the call is silent and the harness cannot observe a
// local function, so native confirmation cannot confirm it — and must not call it a
// contradiction either (the verdict stays false, "not confirmed natively").
static void reach_error(void) {}
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  if (c == 7) reach_error();
  return 0;
}
