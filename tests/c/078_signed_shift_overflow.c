// expect: false(no-overflow)
// property: no-overflow
// A signed left shift past the sign bit overflows; the IR's shl does not say it was signed, so
// the engine must not answer true.
int main(void) {
  int big = 2147483647;
  int y = big << 4;
  return y > 0;
}
