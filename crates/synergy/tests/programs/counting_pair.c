// Two counters advanced together (the generalisation patterns of Table 1's test17.c–test20.c):
// x == y at the loop's exit. vigil needs 2 iterations: one test, then the loop head is split
// by x != y, which the body (one step from the head: x += 2, y += 2) preserves.
// paper: test17.c, 2 iterations (Table 1)
// expect: true
// max-iterations: 2
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) { x = x + 2; y = y + 2; if (x > 100000) return 0; }
  if (x != y) reach_error();
  return 0;
}
