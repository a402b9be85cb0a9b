// expect: true
// decide: explicit
// A loop counting a nondeterministic x up to a bound: on the path that leaves the loop after k
// steps the path condition is x + i < 200 for i < k and x + k >= 200, which has exactly one
// solution (x = 200 - k) for 0 < k <= 200, so no earlier model satisfies it (issue #19: the
// explicit engine's queries that `[bv] interval-models` answers from the bounds). Every path
// leaves with x == 200 or with the x it started with (at least 200), after at most 200 steps.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_error(void) __attribute__((__noreturn__));

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int start = x;
  unsigned int n = 0;
  while (x < 200) {
    x++;
    n++;
  }
  if (x < 200 || n > 200 || (n > 0 && x != 200) || (n == 0 && x != start)) {
    __VERIFIER_error();
  }
  return 0;
}
