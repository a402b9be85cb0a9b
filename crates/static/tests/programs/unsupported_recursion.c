// report: unreach-call in main
// No crash. `scaled` uses floating-point arithmetic and is skipped with a reason (its
// calls return unconstrained values);
// `fact` is recursive: its recursive call edge is broken (reported in the statistics) and the
// call returns an unconstrained value. The bug in main (the input 3) is still reported.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int scaled(int x) {
  double d = x * 1.5;
  return (int)d;
}

int fact(int n) {
  if (n <= 1)
    return 1;
  return n * fact(n - 1);
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = fact(x) + scaled(x);
  if (x == 3)
    reach_error(); // BUG
  return r;
}
