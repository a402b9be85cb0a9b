// A loop fills an array by a variable index, a second loop checks it: the partition names the
// four cells one by one (out of reach for large arrays: no quantified invariants).
// expect: true
// max-iterations: 80
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a[4];
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < 4; i++) a[i] = n;
  for (int i = 0; i < 4; i++)
    if (a[i] != n) reach_error();
  return 0;
}
