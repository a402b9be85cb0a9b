// expect: false(no-overflow)
// property: no-overflow
// decide: explicit synergy
// The sibling of 1162: the bit-fields' own shifts wrap, but the program's signed shift of a
// field's value overflows (`s.b << 30` with `s.b == 3`: 3 × 2^30 does not fit an int, C11
// 6.5.7p4).
extern int __VERIFIER_nondet_int(void);
struct fields {
  int a : 5;
  int b : 11;
};
int main(void) {
  struct fields s;
  s.a = __VERIFIER_nondet_int() % 16;
  s.b = 3;
  int x = s.a + s.b;
  return x + (s.b << 30);
}
