// expect: false(unreach-call)
// decide: explicit
// The sibling of 1026 that fails: mode must be 42, then three commands 1 and a command 7. The
// counterexample's inputs are the path's, in the order read (mode first), although the stored
// states renamed them.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int mode = __VERIFIER_nondet_int();
  int s = 0;
  while (1) {
    int c = __VERIFIER_nondet_int();
    if (c == 1) s = (s + 1) % 4;
    if (mode == 42 && c == 7 && s == 3) reach_error();
  }
}
