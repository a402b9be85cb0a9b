// Recursion whose depth the input decides (any depth up to INT_MAX): the call is a procedure
// answered by summaries; "true => result >= 0" is proven inductively (Houdini over the body),
// so the error is unreachable.
// expect: true
// max-iterations: 40
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int f(int n) { return n <= 0 ? 0 : 1 + f(n - 1); }
int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0) return 0; if (f(n) < 0) reach_error(); return 0; }
