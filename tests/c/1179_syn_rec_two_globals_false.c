// expect: false(unreach-call)
// decide: synergy
// 1178 checking the last value written against the argument: it is 0 unless a is 0.
void reach_error(void);
int __VERIFIER_nondet_int(void);
int count;
int last = -1;
void visit(int n) {
  count = count + 1;
  last = n;
  if (n > 0) visit(n - 1);
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int c = __VERIFIER_nondet_int();
  if (a < 0 || a > 1000 || c < 0 || c > 1000) return 0;
  count = c;
  visit(a);
  if (count != c + a + 1 || last != a) reach_error();
  return 0;
}
