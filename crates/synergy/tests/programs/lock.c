// Figure 3 of the SYNERGY paper (the SLAM lock example): the proof needs the predicates on
// lock and x == y.
// paper: test1.c, 9 iterations (Table 1)
// expect: true
// max-iterations: 9
// expect-ly: true
// expect-cegar: true
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
      y = y + 1;
    }
  } while (x != y);
  if (lock != 1)
    reach_error();
  return 0;
}
