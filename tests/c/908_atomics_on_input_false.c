// expect: false(unreach-call)
// decide: explicit
// Atomic read-modify-writes (`__atomic_*`, `__sync_*`, C11 `atomic_*`, compare-and-swap) on a
// variable holding an input. The VM used to run them concretely and read the symbolic value as
// undefined bytes, so the answer was unknown. The second exchange succeeds when k == 0.
#include <stdatomic.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= -5 && k <= 5);
  int x = k;
  if (__atomic_fetch_add(&x, 3, __ATOMIC_SEQ_CST) != k || x != k + 3)
    reach_error();
  if (__sync_fetch_and_or(&x, 0x100) != k + 3 || x != ((k + 3) | 0x100))
    reach_error();
  if (__atomic_fetch_nand(&x, 0xff, __ATOMIC_RELAXED) != ((k + 3) | 0x100) || x != ~(((k + 3) | 0x100) & 0xff))
    reach_error();
  int expected = 1000;
  _Bool swapped = __atomic_compare_exchange_n(&x, &expected, 42, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  if (swapped || expected != ~(((k + 3) | 0x100) & 0xff))
    reach_error();
  x = k;
  expected = 0;
  swapped = __atomic_compare_exchange_n(&x, &expected, 42, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  if (swapped)
    reach_error();
  _Atomic int a = k;
  a += 5;
  if (atomic_fetch_sub(&a, 1) != k + 5 || atomic_load(&a) != k + 4)
    reach_error();
  unsigned char c = (unsigned char)(250 + k);
  if (__atomic_fetch_add(&c, 10, __ATOMIC_SEQ_CST) != (unsigned char)(250 + k) || c != (unsigned char)(260 + k))
    reach_error();
  return 0;
}
