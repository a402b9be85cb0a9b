// expect: true
// property: no-overflow
// decide: explicit synergy
// Reading a signed bit-field is clang's `shl` then `ashr` of the unit holding it (`s.a` of a
// 5-bit field: `(unit << 27) >> 27`). The `shl` is no C shift: it has no `nsw`, and the front
// end knows every signed C shift of the program has one, so it wraps. SYNERGY took it for a
// possibly signed shift and answered unknown ("left shift that overflows if its operand is
// signed"); the VM already knew.
extern int __VERIFIER_nondet_int(void);
struct fields {
  int a : 5;
  int b : 11;
  unsigned c : 3;
};
int main(void) {
  struct fields s;
  s.a = __VERIFIER_nondet_int() % 16;
  s.b = -3;
  s.c = 5;
  int x = s.a + s.b;
  return x + s.c;
}
