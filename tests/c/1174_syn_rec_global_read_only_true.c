// expect: true
// decide: synergy
// A global that a recursive function reads but never writes: it is an input of the
// procedure (and an output equal to it), so the summary "n >= 0 => result == n + base"
// speaks of it; main sets it from an input before the call.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int base;
int up(int n) {
  if (n <= 0) return base;
  return up(n - 1) + 1;
}
int main(void) {
  base = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (base < 0 || base > 1000 || n < 0 || n > 1000) return 0;
  if (up(n) != n + base) reach_error();
  return 0;
}
