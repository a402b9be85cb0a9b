// expect: false(no-overflow)
// property: no-overflow
// decide: synergy
// As 508 with a bound too close to INT_MAX: x = 2147482700 passes the guard and x + 1000
// overflows.
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x < 2147483000) {
    x += 1000;
  }
  return 0;
}
