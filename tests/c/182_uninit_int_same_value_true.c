// expect: true
// decide: synergy
// An uninitialised variable has one (unknown) value: both reads of x see the same one, so the
// error is unreachable. (The explicit engine samples an int's values: unknown, never false.)
extern void reach_error(void);
int main(void) {
  int x;
  int y = 0;
  if (x == 0) y = 1;
  if (x == 0 && y != 1) reach_error();
  return 0;
}
