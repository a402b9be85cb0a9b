// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// Dereferencing an uninitialised pointer: whatever its value (NULL or garbage), the access is
// invalid.
int main(void) {
  int x = 0;
  int *p;
  if (__VERIFIER_nondet_int() > 5)
    p = &x;
  *p = 1;
  return x;
}
