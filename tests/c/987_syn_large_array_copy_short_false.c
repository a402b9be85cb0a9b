// expect: false(unreach-call)
// decide: synergy
// 986 with an off-by-one copy loop: the last cell of `b` (static storage, 0) is not `a`'s
// plus one.
int __VERIFIER_nondet_int(void);
void reach_error(void);
int b[1000];
int main(void) {
  int a[1000];
  int i;
  for (i = 0; i < 1000; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < 999; i++) b[i] = a[i] + 1;
  for (i = 0; i < 1000; i++) {
    if (b[i] != a[i] + 1) reach_error();
  }
  return 0;
}
