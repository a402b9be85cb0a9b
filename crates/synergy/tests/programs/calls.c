// Calls are inlined (a helper with a result, and __VERIFIER_assert defined by the program
// with reach_error defined empty: its call is the error whatever its body). b == 2000 when
// a == 1000, so the second assertion fails.
// expect: false
// max-iterations: 20
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int c) { if (!c) { ERROR: { reach_error(); abort(); } } }
int twice(int v) { return v + v; }
int main(void) {
  int a = __VERIFIER_nondet_int();
  if (a < 0 || a > 1000) return 0;
  int b = twice(a);
  __VERIFIER_assert(b >= a);
  __VERIFIER_assert(b != 2000);
  return 0;
}
