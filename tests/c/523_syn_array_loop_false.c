// expect: false(unreach-call)
// decide: synergy
// As 522, but one cell holds the value the check looks for: the input 3 reaches the error.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[5];
  for (int i = 0; i < 5; i++) a[i] = 2 * i;
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 5) return 0;
  if (a[j] == 6) reach_error();
  return 0;
}
