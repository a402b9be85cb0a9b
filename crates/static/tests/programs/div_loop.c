// report: div-by-zero in main
// Exactly that report, at the line marked BUG: the loop runs at
// most twice with --unroll 2 semantics here (one back edge), and the divisor is 0 when the two
// inputs sum to 7. The division in safe_div is guarded and never reported.
extern int __VERIFIER_nondet_int(void);

int safe_div(int a, int b) {
  if (b == 0)
    return 0;
  return a / b;
}

int main(void) {
  int s = 0;
  for (int i = 0; i < 2; i++)
    s += __VERIFIER_nondet_int();
  int r = safe_div(100, s);
  return r + 100 / (s - 7); // BUG
}
