// expect: false(unreach-call)
// decide: explicit
// The loop of 847 with a wrong bound on the number of steps: the path that starts at x == 0
// runs 200 steps (its path condition x + i < 200 for i < 200 and x + 200 >= 200 has the one
// solution x = 0), so n < 200 fails there and only there.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_error(void) __attribute__((__noreturn__));

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int n = 0;
  while (x < 200) {
    x++;
    n++;
  }
  if (n >= 200) {
    __VERIFIER_error();
  }
  return 0;
}
