// expect: false(unreach-call)
// decide: explicit
// A struct of 40 bytes passed through `...` travels in memory: the caller passes a `byval`
// pointer and the callee's `va_arg` reads the struct's bytes from the overflow area, then the
// arguments after it. vigil used to put the pointer in the area, so `va_arg` read the wrong
// bytes. The sum is as computed natively, so the check fails when k == 3.
#include <stdarg.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

struct rec { long v[5]; };

static long total(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long s = va_arg(ap, int);
  struct rec r = va_arg(ap, struct rec);
  for (int i = 0; i < 5; i++)
    s += r.v[i] * (i + 1);
  for (int i = 0; i < n; i++)
    s += 1000 * va_arg(ap, int);
  va_end(ap);
  return s;
}

int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 1 && k <= 3);
  struct rec r = { { k, 2, 3, 4, 5 } };
  long s = total(5, 7, r, 1, 2, 3, 4, k);
  if (s == 7 + k + 4 + 9 + 16 + 25 + 1000 * (10 + k) && k == 3)
    reach_error();
  return 0;
}
