// expect: false(unreach-call)
// decide: explicit
// As 474: unsigned char vector elements wrap (250 + 10 = 4), so expecting 260 % 256 == 4 to be
// anything else fails; the failing check is reached only for k == 2.
typedef int v4 __attribute__((vector_size(16)));
typedef unsigned char b8 __attribute__((vector_size(8)));
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static v4 twice(v4 v) { return v + v; }
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  v4 a = twice((v4){1, 2, 3, 4});
  b8 c = {250, 1, 2, 3, 4, 5, 6, 7};
  c += 10;
  if (a[k] == 6 && c[0] == 4) reach_error();
  return 0;
}
