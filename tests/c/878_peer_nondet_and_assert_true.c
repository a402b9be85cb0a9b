// expect: true
// decide: explicit
// The sibling of 877 whose assertion holds: every nondet_*() call is an input of its type.
unsigned nondet_uint(void);
_Bool nondet_bool(void);
int main() {
  unsigned n = nondet_uint();
  unsigned s = 0;
  if (n > 6)
    n = 6;
  for (unsigned i = 0; i < n; i++)
    s += nondet_bool() ? 2 : 0;
  assert(s % 2 == 0 && s <= 12);
  return 0;
}
