// report: null-deref in main
// Exactly that report, at the line marked BUG, needing v <= 10.
// Fields are distinct locations (field-sensitive model): the check on s.a and s.b holds.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct S {
  int a;
  int *p;
  int b;
};

void init_s(struct S *s, int *q) {
  s->a = 5;
  s->p = q;
  s->b = 0;
}

int main(void) {
  struct S s;
  int v = __VERIFIER_nondet_int();
  init_s(&s, v > 10 ? &v : 0);
  if (s.a != 5 || s.b != 0)
    reach_error(); // never reached
  *s.p = 1; // BUG
  return 0;
}
