// expect: true
// Division by zero is undefined behaviour, not a reach_error: the engine must not answer true
// (a path with undefined behaviour was not explored to its end), nor false(unreach-call).
int main(void) {
  unsigned char d = __VERIFIER_nondet_uchar();
  int q = 100 / d;
  return q;
}
