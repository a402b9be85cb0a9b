// expect: true
// decide: synergy
// McCarthy's 91 function, nested recursion: the summaries "x < 101 => result == 91" and
// "x >= 101 => result == x - 10" (thresholds from the body's comparison) are inductive.
int __VERIFIER_nondet_int(void);
int f91(int x) {
  if (x > 100) return x - 10;
  return f91(f91(x + 11));
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = f91(x);
  if (x <= 101 && r != 91) reach_error();
  return 0;
}
