// expect: false(no-overflow)
// property: no-overflow
// Signed overflow of an nsw addition.
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x + 1;
  return y > 0;
}
