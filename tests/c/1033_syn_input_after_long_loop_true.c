// expect: true
// decide: synergy
// As 1032, but the input must also be negative, which the sum never is (`s == 3*i` at the
// loop head): the true sibling.
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int s = 0;
  for (int i = 0; i < 30000; i++) s += 3;
  int x = __VERIFIER_nondet_int();
  if (x == s + 11 && x < 0) reach_error();
  return 0;
}
