// expect: true
// property: unreach-call
// decide: synergy
// Each iteration adds an even multiple of a fresh input to x and y, both odd at first: x + y
// stays even, so it is never 1. The step's precondition quantifies the input away, which no
// split can express; the proof is the congruence invariant `x & 1 == 1 && y & 1 == 1` that
// the generalizer guesses from the tests and checks (crates/synergy/src/generalize).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  unsigned x = 1, y = 1;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    x = x + 2u * (unsigned)__VERIFIER_nondet_int();
    y = y + 6u * (unsigned)__VERIFIER_nondet_int();
    if (x + y == 1u) reach_error();
  }
  return 0;
}
