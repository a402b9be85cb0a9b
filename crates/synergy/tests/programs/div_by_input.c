// Division by an input that may be 0: the first test divides by zero, which the VM treats
// as a fault, so the answer is unknown (never true, never false through it).
// expect: unknown
// max-iterations: 5
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 100 / x;
  if (y > 200) reach_error();
  return 0;
}
