// expect: false(unreach-call)
// decide: synergy
// 1170 with the counter checked against n: the result is right, the counter is one more.
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
  if (r != n || calls != n) reach_error();
  return 0;
}
