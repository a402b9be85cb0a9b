// expect: true
// decide: explicit
// GNU vector types (vector_size): element-wise arithmetic on int, double and unsigned char
// vectors (with wrap-around), comparisons giving masks, a shuffle, a vector inside a struct and
// element access with a variable index. Checked natively for every k.
typedef int v4 __attribute__((vector_size(16)));
typedef double d2 __attribute__((vector_size(16)));
typedef unsigned char b8 __attribute__((vector_size(8)));
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct S { int tag; v4 v; };
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  v4 a = {1, 2, 3, 4};
  struct S s = { 7, a * 2 };
  if (s.v[k] != 2 * (k + 1)) reach_error();
  s.v[k] = 100;
  int sum = 0;
  for (int i = 0; i < 4; i++) sum += s.v[i];
  if (sum != 20 - 2 * (k + 1) + 100) reach_error();
  d2 x = {1.5, -2.0};
  d2 y = x * x + 1.0;
  if (y[0] != 3.25 || y[1] != 5.0) reach_error();
  v4 m = a > (v4){2, 2, 2, 2};
  if (m[0] != 0 || m[3] != -1) reach_error();
  b8 c = {250, 1, 2, 3, 4, 5, 6, 7};
  c += 10;
  if (c[0] != 4 || c[7] != 17) reach_error();
  v4 sh = __builtin_shufflevector(a, a, 3, 3, 0, 1);
  if (sh[0] + sh[1] + sh[2] + sh[3] != 11) reach_error();
  return 0;
}
