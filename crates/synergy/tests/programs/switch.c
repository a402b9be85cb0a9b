// A switch: the directed test must pick the case value 7.
// paper: test10.c, 3 iterations (Table 1)
// expect: false
// max-iterations: 3
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), r = 0;
  switch (x) { case 1: r = 10; break; case 2: r = 20; break; case 7: r = 70; break; default: r = 0; }
  if (r == 70) reach_error();
  return 0;
}
