// expect: false(unreach-call)
// decide: synergy
// 997 with a wrong comparison after the loop (equal arrays are not one apart). (The sibling
// with the flag tested the wrong way round needs a test with two different arrays, whose
// query along the 1000-iteration loops is too long for synergy: unknown.)
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int a[1000];
  int b[1000];
  int i;
  for (i = 0; i < 1000; i++) {
    a[i] = __VERIFIER_nondet_int();
    b[i] = __VERIFIER_nondet_int();
  }
  int same = 1;
  for (i = 0; i < 1000; i++) {
    if (a[i] != b[i]) same = 0;
  }
  if (same) {
    for (i = 0; i < 1000; i++) {
      if (a[i] != b[i] + 1) reach_error();
    }
  }
  return 0;
}
