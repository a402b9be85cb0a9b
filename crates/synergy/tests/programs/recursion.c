// Recursion bounded by the input check: a procedure whose summaries ("n >= 0 => result == n",
// proven inductively) show the error unreachable.
// expect: true
// max-iterations: 60
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int f(int n) { return n <= 0 ? 0 : 1 + f(n - 1); }
int main(void) { int n = __VERIFIER_nondet_int(); if (n > 10 || n < 0) return 0; if (f(n) > 10) reach_error(); return 0; }
