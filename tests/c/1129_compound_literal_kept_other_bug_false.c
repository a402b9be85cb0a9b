// expect: false(valid-deref)
// property: valid-memsafety
// A program vigil does not prove (a literal of a nested block is kept) still has its real bug
// reported: the out-of-bounds write does not depend on the literal's lifetime.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4] = {0};
  int *kept = a;
  if (__VERIFIER_nondet_int()) {
    kept = (int[]){1, 2, 3};
    a[0] = kept[1];
  }
  int n = __VERIFIER_nondet_int();
  if (n >= 0 && n <= 4)
    a[n] = 1;
  return a[0];
}
