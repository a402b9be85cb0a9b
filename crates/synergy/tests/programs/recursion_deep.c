// Recursion whose depth the input decides: a test reaches the call past the inlined depth,
// so the answer is unknown (bounded), neither a proof nor a counterexample.
// expect: unknown
// max-iterations: 40
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int f(int n) { return n <= 0 ? 0 : 1 + f(n - 1); }
int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0) return 0; if (f(n) < 0) reach_error(); return 0; }
