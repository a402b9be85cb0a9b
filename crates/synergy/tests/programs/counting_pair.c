// Two counters advanced together (the generalisation patterns of Table 1's test17.c–test20.c):
// x == y at the loop's exit. Table 1 gives test17.c 2 iterations; vigil needs 7: two tests (the
// first, all inputs 0, does not enter the loop), four splits that walk x != y back around the
// loop until the head is split by it, and the final iteration that vigil counts.
// paper: test17.c, 2 iterations (vigil 7, see above)
// expect: true
// max-iterations: 7
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) { x = x + 2; y = y + 2; if (x > 100000) return 0; }
  if (x != y) reach_error();
  return 0;
}
