// expect: false(unreach-call)
// decide: synergy
// The loop of 504 with y starting one too high: y == 101 at the end.
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x <= 100);
  int y = 101 - x;
  while (x > 0) {
    x--;
    y++;
  }
  if (y != 100) reach_error();
  return 0;
}
