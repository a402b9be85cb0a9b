// Figure 3 of the SYNERGY paper with y advanced by 2 (Table 1's test2.c, 6 iterations): the
// proof needs lock == 1 and x == y at the loop's end, as for lock.c.
// paper: test2.c, 6 iterations
// expect: true
// max-iterations: 6
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int lock;
int main(void) {
  int x, y = __VERIFIER_nondet_int();
  lock = 0;
  do {
    lock = 1;
    x = y;
    if (__VERIFIER_nondet_int()) {
      lock = 0;
      y = y + 2;
    }
  } while (x != y);
  if (lock != 1) reach_error();
  return 0;
}
