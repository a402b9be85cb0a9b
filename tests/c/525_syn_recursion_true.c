// expect: true
// decide: synergy
// Recursion whose depth the input check bounds (at most 7 calls): synergy answers the call
// with summaries of the procedure (issue 18), proven inductively, and shows the error unreachable.
int __VERIFIER_nondet_int(void);
int sum(int n) {
  if (n <= 0) return 0;
  return n + sum(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 6) return 0;
  if (sum(n) > 21) reach_error();
  return 0;
}
