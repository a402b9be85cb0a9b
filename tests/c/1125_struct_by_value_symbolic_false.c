// expect: false(unreach-call)
// decide: explicit
// The same kind of struct, returned by value with an input in its last member: one value of
// the input among a million reaches the error, which sampling would miss; the solver finds it
// through the stored struct's terms.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct triple { int first, second, third; };
static struct triple last_is(int v) {
  struct triple t = { 1, 2, v * 3 };
  return t;
}
int main(void) {
  int v = __VERIFIER_nondet_int();
  if (v < 0 || v > 1000000)
    return 0;
  struct triple t = last_is(v);
  if (t.third == 1234569 && t.first == 1)
    reach_error();
  return 0;
}
