// expect: false(unreach-call)
// decide: explicit
// `nondet_uchar()` and `nondet_bool()` called without a declaration return an `int` (C89's
// implicit declaration), and CBMC and ESBMC read a body-less function as a nondeterministic
// value of its declared type: here any `int`, not the 8-bit or 1-bit value the names say. So x
// can be 256 and the assertion fails. vigil answered "call to unknown external function"; the
// harness returns the input's bits whatever type the program gives the function.
int main() {
  int x = nondet_uchar();
  _Bool b = nondet_bool();
  if (b)
    assert(x <= 255);
  return 0;
}
