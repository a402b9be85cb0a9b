// expect: false(no-overflow)
// property: no-overflow
// An overflowing constant expression: clang folds it, so no instruction shows it; the engine must
// not answer true.
int main(void) {
  int x = (2147483647 + 1) - 23;
  return x > 0;
}
