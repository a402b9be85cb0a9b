// expect: false(unreach-call)
// decide: explicit
// Label addresses are distinct and non-null: `&&a != &&b`, and the one stored is the one jumped to.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  void *a = &&la, *b = &&lb;
  if (a == b || !a || !b) return 0;
  void *p = __VERIFIER_nondet_int() ? a : b;
  goto *p;
la:
  return 0;
lb:
  reach_error();
  return 1;
}
