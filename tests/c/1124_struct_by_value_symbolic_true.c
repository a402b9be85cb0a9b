// expect: true
// decide: explicit
// A struct of three ints is returned as `{i64, i32}`: storing that register keeps the input's
// terms in both parts, so every value of the input is covered and the sums hold for all.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct triple { int first, second, third; };
static struct triple spread(int v) {
  struct triple t;
  t.first = v;
  t.second = t.first - 3;
  t.third = t.second ^ v;
  return t;
}
int main(void) {
  int v = __VERIFIER_nondet_int();
  if (v < -1000000 || v > 1000000)
    return 0;
  struct triple t = spread(v);
  struct triple u = t;
  if (u.first - u.second != 3 || u.third != ((v - 3) ^ v) || t.first != v)
    reach_error();
  return 0;
}
