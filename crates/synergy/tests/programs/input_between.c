// An input compared with the state inside a branch (z > x && z < y with x > y): the
// precondition through 'z = nondet()' quantifies z; it is eliminated exactly by a Skolem term
// taken from the comparison bounds (y - 1), so SYNERGY can refine instead of giving up.
// expect: true
// max-iterations: 15
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int y = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (x > y) {
    int z = __VERIFIER_nondet_int();
    if (z > x && z < y) reach_error();
  }
  return 0;
}
