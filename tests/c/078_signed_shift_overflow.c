// expect: false(no-overflow)
// property: no-overflow
// decide: explicit
// A signed left shift past the sign bit overflows. The IR's shl does not say it was signed; the
// front end learns it from clang (crates/frontend/src/shifts.rs) and marks it `nsw`.
int main(void) {
  int big = 2147483647;
  int y = big << 4;
  return y > 0;
}
