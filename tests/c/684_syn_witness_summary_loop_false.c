// expect: false(unreach-call)
// decide: synergy
// 683 with the cap of the counter one too high: i reaches 11 and the error after the loop is
// reached (the recursive call is never made on that path).
int __VERIFIER_nondet_int(void);
void reach_error(void);
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main(void) {
  int i = 0;
  while (__VERIFIER_nondet_int()) {
    if (i < 11) i++;
  }
  if (i > 10) reach_error();
  if (sum(5) != 15) reach_error();
  return 0;
}
