// expect: false(unreach-call)
// decide: synergy
// 988 compared at the same index instead of the mirrored one: false once `a` is not a
// palindrome (the tests must choose such inputs).
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a[1000];
  int b[1000];
  int i;
  for (i = 0; i < 1000; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < 1000; i++) b[i] = a[999 - i];
  for (i = 0; i < 1000; i++) {
    if (a[i] != b[i]) reach_error();
  }
  return 0;
}
