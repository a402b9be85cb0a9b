// expect: true
// decide: synergy
// Addresses of two locals stored in an array of pointers and chosen by an input: the write
// through the loaded pointer lands in x or y, whichever the table names.
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 1, y = 2;
  int *t[2];
  t[0] = &x;
  t[1] = &y;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1) return 0;
  *t[k] = 10;
  if (x + y != 12 && x + y != 11) reach_error();
  if (k == 0 && x != 10) reach_error();
  return 0;
}
