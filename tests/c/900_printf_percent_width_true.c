// expect: true
// decide: explicit
// glibc prints a single '%' for a '%' conversion with flags or a width ("%3%", "%-05%"), and
// the grouping flag ' groups nothing in the C locale. vigil used to print "%%" for "%3%".
#include <stdio.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 1 && k <= 3);
  char b[32];
  int n = snprintf(b, sizeof b, "%-3c|%3%|%'d", 'a' + k, 1000 * k);
  if (n != 10 || b[4] != '%' || b[5] != '|' || b[6] != '0' + k)
    reach_error();
  return 0;
}
