// expect: true
// The true sibling of 973: after the fill every cell is 0x01010101. (Synergy forgets the
// filled cells and answers unknown; no engine may answer false.)
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int a[300];
int main(void) {
  for (int i = 0; i < 300; i++)
    a[i] = 0;
  int x = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 300)
    return 0;
  for (int n = 0; n < 3; n++) {
    memset(a, 1, sizeof a);
    if (x == 12345 && a[j] != 0x01010101)
      reach_error();
    memset(a, 0, sizeof a);
  }
  return 0;
}
