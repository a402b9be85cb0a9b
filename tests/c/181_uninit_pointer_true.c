// expect: true
// property: valid-memsafety
// decide: explicit
// The pointer is uninitialised on one path, but only dereferenced on the other.
int main(void) {
  int x = 0;
  int *p;
  _Bool set = __VERIFIER_nondet_bool();
  if (set)
    p = &x;
  if (set)
    *p = 1;
  return 0;
}
