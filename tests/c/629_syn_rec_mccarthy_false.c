// expect: false(unreach-call)
// decide: synergy
// As 628 with the bound one too large: f91(102) = 92.
int __VERIFIER_nondet_int(void);
int f91(int x) {
  if (x > 100) return x - 10;
  return f91(f91(x + 11));
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = f91(x);
  if (x <= 102 && r != 91) reach_error();
  return 0;
}
