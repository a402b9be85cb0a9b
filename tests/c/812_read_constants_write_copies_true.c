// expect: true
// property: valid-memsafety
// decide: explicit synergy
// Constant objects read, their copies written: an array initialised from a literal is the
// program's own writable object, and so is a non-const global next to a const one.
extern int __VERIFIER_nondet_int(void);
const int limit = 3;
int count = 0;
int main(void) {
  char s[] = "abc";
  const char *lit = "xyz";
  int *p = __VERIFIER_nondet_int() ? &count : &count;
  if (__VERIFIER_nondet_int())
    s[1] = lit[2];
  *p = limit;
  return s[0] == 'a' && count == 3 ? 0 : 1;
}
