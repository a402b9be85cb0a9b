// expect: true
// decide: synergy
// A recursive function with a result and a global call counter: both are outputs of the
// procedure, and the summaries "n >= 0 => result == n" and "n >= 0 => calls' == calls + n + 1"
// are proven together.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int calls;
int id(int n) {
  calls = calls + 1;
  if (n <= 0) return 0;
  return id(n - 1) + 1;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000) return 0;
  int r = id(n);
  if (r != n || calls != n + 1) reach_error();
  return 0;
}
