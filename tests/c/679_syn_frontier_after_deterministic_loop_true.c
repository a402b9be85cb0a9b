// expect: true
// decide: synergy
// A deterministic loop of 500 iterations, then a check that needs the loop's final value of i
// (the paper's Figure 1 pattern, correct): the loop head's exit is part of its step, and a
// proof must split the head, not unroll the loop.
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int i = 0;
  while (i < 500) i++;
  if (a > 0 && i != 500) reach_error();
  return 0;
}
