// expect: false(unreach-call)
// decide: explicit
// int -> float rounds to 24 significant bits: 16777217 does not survive the round trip.
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i > 0 && i < 100000000);
  float f = (float)i;
  if ((int)f != i) reach_error();
  return 0;
}
