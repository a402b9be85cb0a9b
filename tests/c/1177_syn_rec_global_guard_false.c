// expect: false(unreach-call)
// decide: synergy
// 1176 with the guard letting a negative argument through: walk(-1) clears ok and reaches
// the error in the same call.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int ok = 1;
void walk(int n) {
  if (n < 0) ok = 0;
  if (n > 0) walk(n - 1);
  if (!ok) reach_error();
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < -1) return 0;
  walk(n);
  return 0;
}
