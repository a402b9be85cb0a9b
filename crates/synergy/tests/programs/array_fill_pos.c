// As array_fill.c, but the last cell is filled with another value: found by a directed test.
// expect: false
// max-iterations: 10
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a[4];
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < 3; i++) a[i] = n;
  a[3] = n + 1;
  for (int i = 0; i < 4; i++)
    if (a[i] != n) reach_error();
  return 0;
}
