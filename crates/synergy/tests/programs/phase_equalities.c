// Two phases of one counter: a second counter stays put until the first reaches 30, then
// follows it. The invariant is phase-wise: `i >= 30 || s == 10` and `i < 30 || s == i - 20`
// (each phase's affine relation, fitted on its own states).
// expect: true
// max-iterations: 10
extern void reach_error(void);
int main(void) {
  int i = 0, s = 10;
  while (i < 80) {
    i++;
    if (i > 30) s++;
  }
  if (s != 60) reach_error();
  return 0;
}
