// expect: true
// property: valid-memsafety
// decide: synergy
// As 666, but the out-of-bounds store sits on a path no input takes (a square is 0 or 1
// modulo 4, also with wrap-around, so x * x is never 2): the always-failing check is
// unreachable.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4] = {0, 0, 0, 0};
  int *p = a;
  int x = __VERIFIER_nondet_int();
  if ((unsigned)x * (unsigned)x == 2u) p[4] = 1;
  return a[0];
}
