// expect: false(unreach-call)
// decide: synergy
// A deterministic loop of 500 iterations, then a check on an input: the loop head is visited
// 501 times by the first test, and only its last visit leaves the loop, so the test that
// reaches the error is generated along the chain of the head's latest state (Figure 1).
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int i = 0, c = 0;
  while (i < 500) { c += i; i++; }
  if (a == 7) reach_error();
  return 0;
}
