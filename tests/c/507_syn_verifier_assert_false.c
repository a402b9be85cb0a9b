// expect: false(unreach-call)
// decide: synergy
// As 506, with an argument that is zero once the loop ends: the second assertion fails.
int main(void) {
  unsigned i = 0, j = 10;
  while (i < 10) {
    i++;
    j--;
  }
  __VERIFIER_assert(i + j == 10);
  __VERIFIER_assert(j == 1);
  return 0;
}
