// expect: false(no-overflow)
// property: no-overflow
// decide: explicit
// A signed char promoted to int and multiplied: overflow needs int arithmetic to exceed INT_MAX,
// which it cannot; but the int counter below does overflow.
int main(void) {
  signed char c = __VERIFIER_nondet_char();
  int x = c * c;               /* at most 16384: no overflow */
  int big = 2147483600;
  if (x > 16000) big = big + x; /* overflows */
  return big > 0;
}
