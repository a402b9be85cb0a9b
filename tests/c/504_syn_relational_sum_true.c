// expect: true
// decide: synergy
// x + y == 100 is the loop's invariant (two variables moving in opposite directions); with
// x >= 0 it gives y == 100 when the loop ends.
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x <= 100);
  int y = 100 - x;
  while (x > 0) {
    x--;
    y++;
  }
  if (y != 100) reach_error();
  return 0;
}
