// expect: false(unreach-call)
// flags: --m32
// decide: explicit
// ILP32 (`long` is 4 bytes, every struct argument is `byval`): a struct passed through `...`
// travels in memory and `va_arg` reads its bytes from the argument area. The struct holds a
// symbolic input; vigil used to lose the member after it when making the input concrete at the
// variadic call (8 bytes written into a 4-byte member). The sum is as computed natively, so
// the check fails when k == 3.
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
