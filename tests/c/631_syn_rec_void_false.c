// expect: false(unreach-call)
// decide: synergy
// As 630 with inputs up to 1000: any n >= 50 reaches the error inside the recursion.
int __VERIFIER_nondet_int(void);
void down(int n) {
  if (n == 50) reach_error();
  if (n > 0) down(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 1000) return 0;
  down(n);
  return 0;
}
