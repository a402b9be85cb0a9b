// expect: true
// decide: explicit synergy
// The sibling of 881: a `__VERIFIER_nondet__Bool` value is 0 or 1, nothing else.
extern _Bool __VERIFIER_nondet__Bool(void);
extern void reach_error(void);
int main(void) {
  int n = 0;
  for (int i = 0; i < 3; i++)
    n += __VERIFIER_nondet__Bool();
  if (n < 0 || n > 3)
    reach_error();
  return 0;
}
