// expect: false(unreach-call)
// decide: explicit
// A struct {float, int} is passed and returned as one i64, so the callee stores the whole i64
// (one symbolic value, the input k in its high half) and then writes only its int member; a
// store of one byte into a symbolic long and a memcpy of part of one do the same. The VM used
// to drop the whole symbolic value on such a write, leaving the other bytes undefined (the
// answer was unknown); the bytes outside the write now keep their bits. k == -2 fails.
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

struct fi { float f; int i; };

static struct fi scale(struct fi x) {
  x.i <<= 2;
  x.f = -x.f;
  return x;
}

int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= -4 && k <= 4);
  struct fi q = { 2.5f, k };
  q = scale(q);
  if (q.i != 4 * k || q.f != -2.5f)
    reach_error();
  long v = (long)k * 65536 + 7;
  short lo;
  memcpy(&lo, &v, sizeof lo);
  if (lo != 7)
    reach_error();
  ((char *)&v)[2] = 0;
  if ((v >> 24) == -1 && q.i == -8)
    reach_error();
  return 0;
}
