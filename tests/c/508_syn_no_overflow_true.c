// expect: true
// property: no-overflow
// decide: synergy
// A loop that steps a signed int by 1000 while it is below 2000000000: the addition cannot
// overflow (at most 2000000999). Under no-overflow the synergy engine's error regions are the
// signed overflows of nsw operations, and the loop guard excludes them.
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x < 2000000000) {
    x += 1000;
  }
  return 0;
}
