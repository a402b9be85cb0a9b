// phase_equalities.c with the check off by one: s ends at 60.
// expect: false
// max-iterations: 10
extern void reach_error(void);
int main(void) {
  int i = 0, s = 10;
  while (i < 80) {
    i++;
    if (i > 30) s++;
  }
  if (s != 61) reach_error();
  return 0;
}
