// expect: true
// property: valid-memsafety
// decide: explicit shape
// The pointer kept across iterations is set to the new instance before every use: when the
// block is entered again the old pointer is indeterminate, but it is never read as such.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = 0;
  int s = 0;
  while (__VERIFIER_nondet_int()) {
    int x = __VERIFIER_nondet_int() & 7;
    p = &x;
    s = *p;
  }
  return s;
}
