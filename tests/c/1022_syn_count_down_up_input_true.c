// expect: true
// decide: synergy
// A counter taken down from an unknown n while another counts up; after the loop the second
// must equal n. The proof needs x + y == n at the loop head, where n is only passed by: the
// loop never reads it, the check after the loop does.
void reach_error(void);
unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned x = n, y = 0;
  while (x > 0) {
    x--;
    y++;
  }
  if (y != n) reach_error();
  return 0;
}
