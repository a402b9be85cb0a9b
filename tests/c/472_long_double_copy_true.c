// expect: true
// decide: explicit
// long double (x86_fp80) values copied through registers keep all their 10 bytes: the VM holds
// values wider than 64 bits as bytes. (Its arithmetic and constants stay unsupported.)
#include <stdlib.h>
extern void reach_error(void);
static long double pick(long double a, long double b, int which) { return which ? a : b; }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  long double *p = calloc(3, sizeof(long double));
  if (!p) return 0;
  ((unsigned char *)p)[9] = 0x40;
  ((unsigned char *)p)[7] = 0x80;
  p[1] = p[0];
  int which = __VERIFIER_nondet_int();
  if (which < 0 || which > 1) return 0;
  p[2] = pick(p[1], p[2], which);
  unsigned char *b = (unsigned char *)p;
  if (b[16 + 9] != 0x40 || b[16 + 7] != 0x80) reach_error();
  if (b[32 + 9] != 0x40 && b[32 + 9] != 0) reach_error();
  free(p);
  return 0;
}
