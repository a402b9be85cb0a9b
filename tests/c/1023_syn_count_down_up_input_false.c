// expect: false(unreach-call)
// decide: synergy
// 1022 where the second counter skips one step when x passes 7: y == n - 1 for n > 7.
void reach_error(void);
unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned x = n, y = 0;
  while (x > 0) {
    x--;
    if (x != 7) y++;
  }
  if (y != n) reach_error();
  return 0;
}
