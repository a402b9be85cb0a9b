// expect: false(unreach-call)
// decide: synergy
// 1168 with an off-by-one in the check: the counter ends at n + 1, never n; a test
// finds it on the first call (the memo runs down(n) once per argument).
void reach_error(void);
int __VERIFIER_nondet_int(void);
int count = 0;
void down(int n) {
  count++;
  if (n > 0) down(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  down(n);
  if (count != n) reach_error();
  return 0;
}
