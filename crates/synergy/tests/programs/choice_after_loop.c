// A deterministic loop with a nondeterministic branch inside and the check after the loop
// (Table 1's test11.c, 2 iterations). The check after the loop is part of the loop head's step
// (locations are trees of blocks, crate::locations), so one test and one split of the loop
// head by i >= 1000 && lock != 1 make the proof: the loop body sets lock = 1 on every path.
// paper: test11.c, 2 iterations (Table 1)
// expect: true
// max-iterations: 2
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i = 0, lock = 0;
  while (i < 1000) {
    lock = 1;
    if (__VERIFIER_nondet_int()) { lock = 0; lock = 1; }
    i++;
  }
  if (lock != 1) reach_error();
  return 0;
}
