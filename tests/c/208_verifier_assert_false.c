// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// An old SV-COMP program that calls __VERIFIER_assert without defining it: the harness defines
// it (the traditional meaning), so the program links natively and ASan confirms the overflow.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);
int main(void) {
  int a[4];
  for (int i = 0; i < 4; i++) a[i] = __VERIFIER_nondet_int();
  int i = 0;
  while (a[i] != 0) i++;
  __VERIFIER_assert(i <= 4);
  return 0;
}
