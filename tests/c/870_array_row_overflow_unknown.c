// expect: unknown(array subscript outside a member array or row)
// decide: explicit synergy
// unknown: undefined
// A subscript past a row of a two-dimensional array: `a[0][j]` for j = 4 lands in `a[1][0]`,
// inside the object, but is undefined (C11 6.5.6p8; J.2 gives `a[1][7]` for `int a[4][5]` as
// its example). Undefined behaviour outside the property checked: unknown, never true.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int a[3][4];
int main(void) {
  unsigned j = __VERIFIER_nondet_uint();
  if (j > 4)
    return 0;
  a[0][j] = 5;
  if (a[2][3] != 0)
    reach_error();
  return 0;
}
