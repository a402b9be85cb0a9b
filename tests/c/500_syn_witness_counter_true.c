// expect: true
// decide: synergy
// A counting loop: SYNERGY's proof gives the loop invariant x <= 100 at the loop head, which
// the correctness witness carries and `vigil check --validate-witness` re-checks.
int main(void) {
  int x = 0;
  while (x < 100) {
    x++;
  }
  if (x != 100) reach_error();
  return 0;
}
