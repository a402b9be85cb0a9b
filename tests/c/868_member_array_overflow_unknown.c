// expect: unknown(array subscript outside a member array)
// property: valid-memsafety
// decide: explicit synergy
// unknown: undefined
// `p->buf[4]` for `int buf[4]` writes inside the struct (onto `n`), so the object's bounds hold,
// but the subscript is outside its array: undefined behaviour (C11 6.5.6p8, J.2), which CBMC
// and ESBMC report as "array bounds violated" (ESBMC's regression test github_6508). It is no
// invalid dereference of an object as SV-COMP's valid-deref reads it, so the answer is unknown,
// never true.
extern unsigned __VERIFIER_nondet_uint(void);
struct S {
  int buf[4];
  unsigned n;
};
int main(void) {
  struct S s;
  struct S *p = &s;
  p->n = __VERIFIER_nondet_uint();
  if (p->n > 4)
    return 0;
  p->buf[p->n] = 1;
  return 0;
}
