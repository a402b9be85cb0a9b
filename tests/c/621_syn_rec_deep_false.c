// expect: false(unreach-call)
// decide: synergy
// As 620, but the error is at depth 100, far past the 16 calls recursion used to be inlined to:
// the input 100 reaches it.
int __VERIFIER_nondet_int(void);
int id(int n) {
  if (n <= 0) return 0;
  return id(n - 1) + 1;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  if (id(n) == 100) reach_error();
  return 0;
}
