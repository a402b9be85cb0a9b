// report: unreach-call in d
// Exactly that report, at the line marked BUG, reached through
// main > a > b > c > d; it needs x == 8 and y == -2 at once (a == 17, b == -3). The same check
// reached through c_even (a is always even there) is unreachable: no report for that context.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int d(int a, int b) {
  if (a == 17 && b == -3)
    reach_error(); // BUG
  return a + b;
}

int c(int x, int y) { return d(x * 2 + 1, y - 1); }
int c_even(int x, int y) { return d(x * 2, y - 1); }

int b(int x) {
  int y = __VERIFIER_nondet_int();
  if (x > 1000)
    return c_even(x, y);
  return c(x, y);
}

int a(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 100 && x <= 1000)
    return 0;
  return b(x);
}

int main(void) {
  a();
  return 0;
}
