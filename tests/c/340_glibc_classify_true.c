// expect: true
// decide: explicit
// glibc's classification functions that preprocessed programs call (__fpclassify, __isnan,
// __isinf, __signbit, __finite) and nextafter.
extern void reach_error(void);
extern int __fpclassify(double);
extern int __isnan(double);
extern int __isinf(double);
extern int __signbit(double);
extern int __finite(double);
extern double nextafter(double, double);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  double x = __VERIFIER_nondet_uchar();
  double inf = 1.0 / 0.0;
  if (__fpclassify(x) != (x == 0 ? 2 : 4)) reach_error();
  if (__fpclassify(inf) != 1 || __fpclassify(inf - inf) != 0 || __fpclassify(5e-324) != 3) reach_error();
  if (__isnan(x) || !__isnan(inf - inf) || __isinf(-inf) != -1 || __isinf(x) != 0) reach_error();
  if (__signbit(x) || !__signbit(-x - 1) || !__finite(x) || __finite(inf)) reach_error();
  if (nextafter(x, inf) <= x || nextafter(nextafter(x, inf), -inf) != x) reach_error();
  return 0;
}
