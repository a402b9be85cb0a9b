// expect: false(unreach-call)
// decide: synergy
// As 650, but the swap loses one unit each time: after one iteration the sum is 11.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[2] = {5, 7};
  while (__VERIFIER_nondet_int()) {
    int t = a[0];
    a[0] = a[1] - 1;
    a[1] = t;
  }
  if (a[0] + a[1] != 12) reach_error();
  return 0;
}
