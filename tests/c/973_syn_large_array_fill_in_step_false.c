// expect: false(unreach-call)
// decide: synergy
// A step that fills a large array (memset) and then reads it at an input index: the read is
// not an instance of the loop head's fact about the array (every cell 0, proven on the ghost
// cell), since the fill changed the cells. The error needs x == 12345.
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
    if (x == 12345 && a[j] != 0)
      reach_error();
    memset(a, 0, sizeof a);
  }
  return 0;
}
