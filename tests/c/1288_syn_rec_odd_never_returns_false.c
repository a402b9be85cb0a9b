// expect: false(unreach-call)
// decide: synergy
// 1287 with a shortcut for 5 that returns: half(5) is 7, so the error after a call on an
// odd argument is reached with x == 5, while the calls on 1 and 3 never return.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int half(int x) {
  if (x == 0) return 0;
  if (x == 5) return 7;
  if (x < 0) return half(-x);
  return 1 + half(x - 2);
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 5) return 0;
  int h = half(x);
  if (x % 2 == 1) reach_error();
  return 0;
}
