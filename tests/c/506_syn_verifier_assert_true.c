// expect: true
// decide: synergy
// __VERIFIER_assert called but not defined (the runtime's definition applies, as in several
// SV-COMP loop tasks): the synergy engine models it as the error when its argument is zero.
int main(void) {
  unsigned i = 0, j = 10;
  while (i < 10) {
    i++;
    j--;
  }
  __VERIFIER_assert(i + j == 10);
  __VERIFIER_assert(j == 0);
  return 0;
}
