// expect: false(unreach-call)
// decide: synergy
// As 656, but the check forgets that the table's second entry is y: k == 1 reaches the error.
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 1, y = 2;
  int *t[2];
  t[0] = &x;
  t[1] = &y;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1) return 0;
  *t[k] = 10;
  if (x != 10 && y != 2) reach_error();
  return 0;
}
