// expect: false(unreach-call)
// decide: synergy
// A loop of 30000 iterations, then an input compared with the loop's result: the chain to
// the comparison is longer than a test query may be (4096 steps), so the test is asked for
// along the chain's last steps, from the state the loop left (the inputs before it are the
// earlier test's).
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int s = 0;
  for (int i = 0; i < 30000; i++) s += 3;
  int x = __VERIFIER_nondet_int();
  if (x == s + 11) reach_error();
  return 0;
}
