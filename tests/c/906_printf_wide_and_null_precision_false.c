// expect: false(unreach-call)
// decide: explicit
// %ls and %lc print wide characters converted as glibc's C locale does (ASCII only); vigil
// used to read the wchar_t string as bytes and print "w" for L"wide". A NULL %s is "(null)",
// or nothing when the precision is below 6 (glibc): expecting "(n" for k == 2 fails.
#include <stdio.h>
#include <string.h>
#include <wchar.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k <= 2);
  const wchar_t *w[3] = { L"wide", L"", L"x y" };
  const char *want[3] = { "wide|A||(null)", "|B||(null)", "x y|C|(n|(null)" };
  char b[32];
  int n = snprintf(b, sizeof b, "%ls|%lc|%.2s|%s", w[k], (wint_t)('A' + k), (char *)0, (char *)0);
  if (n != (int)strlen(want[k]) || strcmp(b, want[k]) != 0)
    reach_error();
  return 0;
}
