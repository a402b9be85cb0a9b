// expect: false(unreach-call)
// decide: synergy
// 968 without the index bound in the check: an input index in the second half reads zero.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[200] = {0};
  int i;
  for (i = 0; i < 100; i++) a[i] = 1;
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 200) return 0;
  if (a[j] == 0) reach_error();
  return 0;
}
