// expect: true
// decide: synergy
// A loop swaps the two cells of a local array any number of times: the proof's loop head
// region is a[0] + a[1] == 12, and the correctness witness states it over the array cells
// ((unsigned int)a[0] + (unsigned int)a[1] == 12u), which --validate-witness finds inductive.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[2] = {5, 7};
  while (__VERIFIER_nondet_int()) {
    int t = a[0];
    a[0] = a[1];
    a[1] = t;
  }
  if (a[0] + a[1] != 12) reach_error();
  return 0;
}
