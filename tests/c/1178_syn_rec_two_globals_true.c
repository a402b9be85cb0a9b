// expect: true
// decide: synergy
// Two globals, one counted from a value main chooses and one only written: both are inputs
// and outputs of the procedure, and the summaries "n >= 0 => count' == count + n + 1" and
// "n >= 0 => last' == 0" are proven together.
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
  if (count != c + a + 1 || last != 0) reach_error();
  return 0;
}
