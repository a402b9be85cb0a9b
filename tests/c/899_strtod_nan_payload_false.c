// expect: false(unreach-call)
// decide: explicit
// glibc reads the n-char-sequence of "NAN(...)" (strtod, strtof) and the tag of nan() as a
// number in base 0 and puts it in the NaN's mantissa (masked to it); a sequence that is not
// such a number gives payload 0. Here "-NAN(0x1f)" (k == 1) is expected with payload 0: wrong.
#include <math.h>
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

static unsigned long long bits(double d) {
  unsigned long long b;
  memcpy(&b, &d, sizeof b);
  return b;
}

int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k <= 2);
  const char *in[3] = { "nan(123)", "-NAN(0x1f)", "nan(12ab)" };
  const unsigned long long out[3] = { 0x7ff800000000007bULL, 0xfff8000000000000ULL, 0x7ff8000000000000ULL };
  char *end;
  double d = strtod(in[k], &end);
  if (bits(d) != out[k] || *end != '\0')
    reach_error();
  float f = strtof("nan(0x3fffff)", 0);
  unsigned int fb;
  memcpy(&fb, &f, sizeof fb);
  if (fb != 0x7fffffffu)
    reach_error();
  if (bits(nan("0x123")) != 0x7ff8000000000123ULL || bits(nan("5 ")) != 0x7ff8000000000000ULL)
    reach_error();
  return 0;
}
