// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit synergy
// A pointer that names either a `const` global or a writable one; the write through it is
// invalid when it names the constant (C11 6.7.3p6; read-only pages on the platform).
extern int __VERIFIER_nondet_int(void);
const int limit = 3;
int count = 0;
int main(void) {
  int *p = __VERIFIER_nondet_int() ? (int *)&limit : &count;
  *p = 7;
  return count;
}
