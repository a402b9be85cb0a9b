// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit synergy
// The sibling of 868 where the array is a whole object: a subscript past it leaves the object,
// an invalid dereference (AddressSanitizer: stack-buffer-overflow), not merely the undefined
// behaviour of a member array's subscript.
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int a[4];
  unsigned k = __VERIFIER_nondet_uint();
  if (k > 4)
    return 0;
  a[k] = 1;
  return a[0];
}
