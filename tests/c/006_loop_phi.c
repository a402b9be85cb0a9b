// expect: true
// A counting loop: phi nodes after mem2reg, a back edge.
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 100);
  int i = 0, s = 0;
  while (i < n) { s += 2; i++; }
  if (s != 2 * n) reach_error();
  return 0;
}
