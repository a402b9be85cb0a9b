// expect: false(unreach-call)
// decide: synergy
// 1172 with the parity inverted in the check: any n is a counterexample.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int flag;
void odd(int n);
void even(int n) {
  if (n == 0) { flag = 1; return; }
  odd(n - 1);
}
void odd(int n) {
  if (n == 0) { flag = 0; return; }
  even(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000) return 0;
  even(n);
  if (flag != (n % 2 != 0)) reach_error();
  return 0;
}
