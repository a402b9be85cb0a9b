// expect: true
// Direct calls with arguments and return values.
static int square(int x) { return x * x; }
static int sum3(int a, int b, int c) { return a + b + c; }
int main(void) {
  int v = __VERIFIER_nondet_int();
  __VERIFIER_assume(v > -100 && v < 100);
  if (sum3(square(v), 1, -1) < 0) reach_error();
  return 0;
}
