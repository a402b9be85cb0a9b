// expect: false(no-overflow)
// property: no-overflow
// decide: synergy
// As 687 without the clamp: two large inputs make the sum overflow.
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4];
  for (int i = 0; i < 4; i++) a[i] = __VERIFIER_nondet_int();
  int s = 0;
  for (int i = 0; i < 4; i++) s += a[i];
  return s > 4000;
}
