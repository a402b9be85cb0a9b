// expect: true
// decide: synergy
// The error inside the recursion, guarded by a global the recursion writes: a call with
// n >= 0 and ok set leaves ok set and reaches no error. The summary needs a precondition on
// the argument and the global at once: "n >= 0 && ok >= 1 => no error, ok' == ok".
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
  if (n < 0) return 0;
  walk(n);
  return 0;
}
