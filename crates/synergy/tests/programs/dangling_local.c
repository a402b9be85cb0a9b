// The address of a callee's local, returned and read after the call: undefined behaviour,
// so never a verdict. The callee's locals end when it returns (a liveness register per
// local of an inlined call), and the read reaches a failing check.
// expect: unknown
// max-iterations: 10
extern void reach_error(void);
static int *leak_address(void) {
  int x = 5;
  return &x;
}
int main(void) {
  int *p = leak_address();
  if (*p != 5) reach_error();
  return 0;
}
