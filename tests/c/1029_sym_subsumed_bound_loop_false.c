// expect: false(unreach-call)
// decide: explicit
// The sibling of 1028 that fails: three values below the bound, then one equal to it. The
// inputs of the counterexample are the path's, in the order read.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int limit = __VERIFIER_nondet_int();
  int n = 0;
  while (1) {
    int x = __VERIFIER_nondet_int();
    if (x < limit && n < 3) n++;
    if (n == 3 && x == limit) reach_error();
  }
}
