// expect: false(unreach-call)
// decide: synergy
// 1010 with the check one too strict: at the last iteration of the second loop b is 1.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int a = 0, b = 0;
  while (a < n) {
    a++;
    b++;
  }
  int c = 0;
  while (c < n) {
    if (b <= 1) reach_error();
    c++;
    b--;
  }
  return 0;
}
