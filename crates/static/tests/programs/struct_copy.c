// report: unreach-call in main
// Exactly that report, at the line marked BUG. Zero
// initialisation (llvm.memset), struct assignment (llvm.memcpy) and a struct returned in
// registers (an 8-byte store read back as a 4-byte and a 2-byte field) keep their field values:
// the first check holds; the second fails exactly when the input is 41.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct big { int a[8]; long b; };
struct small { int x; short y; };

static struct small bump(struct small s) {
  s.x++;
  s.y--;
  return s;
}

int main(void) {
  struct big x = {0};
  x.a[3] = __VERIFIER_nondet_int();
  x.b = 11;
  struct big y = x;
  struct small s = {y.a[3], 20};
  s = bump(s);
  if (y.a[0] != 0 || y.b != 11 || s.y != 19)
    reach_error(); // never reached
  if (s.x == 42)
    reach_error(); // BUG
  return 0;
}
