// expect: true
// Every __VERIFIER_nondet_* function.
#include <stddef.h>
int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  char c = __VERIFIER_nondet_char();
  unsigned char uc = __VERIFIER_nondet_uchar();
  short s = __VERIFIER_nondet_short();
  unsigned short us = __VERIFIER_nondet_ushort();
  int i = __VERIFIER_nondet_int();
  unsigned int ui = __VERIFIER_nondet_uint();
  long l = __VERIFIER_nondet_long();
  unsigned long ul = __VERIFIER_nondet_ulong();
  long long ll = __VERIFIER_nondet_longlong();
  unsigned long long ull = __VERIFIER_nondet_ulonglong();
  size_t sz = __VERIFIER_nondet_size_t();
  void *p = __VERIFIER_nondet_pointer();
  (void)c; (void)s; (void)i; (void)l; (void)ll; (void)p;
  if (b > 1 || uc > 255 || us > 65535) reach_error();
  if (ui > 4294967295u || ul + 0 != ul || ull != ull || sz != sz) reach_error();
  return 0;
}
