// expect: true
// decide: synergy
// A recursion that never returns on an odd argument: it steps down by two to 1, then bounces
// between 1 and -1 forever. The concrete calls find the cycle (a call made while a call with
// the same arguments is still running), and the point summaries "x == 1 => never returns",
// "x == -1 => never returns", "x == 3 => ..." are proven by induction, so the error after
// a call on an odd argument is unreachable.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int half(int x) {
  if (x == 0) return 0;
  if (x < 0) return half(-x);
  return 1 + half(x - 2);
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 5) return 0;
  int h = half(x);
  if (x % 2 == 1) reach_error();
  if (h + h != x) reach_error();
  return 0;
}
