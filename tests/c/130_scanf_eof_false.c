// expect: false(unreach-call)
// decide: explicit
// scanf reads stdin, which may be empty: then it returns EOF and assigns nothing.
#include <stdio.h>
int main(void) {
  int n = 0;
  if (scanf("%d", &n) == EOF) reach_error();
  return n;
}
