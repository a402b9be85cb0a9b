// expect: true
// property: valid-memsafety
// decide: explicit
// A compound literal in a loop's block passed by value: the callee gets a copy (clang passes the
// literal's address as a `byval` argument), so nothing keeps the literal past its block, and the
// program is proved. (The initialisation of the array's tail walks it with a φ of addresses.)
struct big { int a[10]; };
static int first(struct big b) { return b.a[0] + b.a[9]; }
int main(void) {
  int s = 0;
  for (int i = 0; i < 2; i++)
    s += first((struct big){{i, 2, 3}});
  if (s != 1)
    return *(volatile int *)0;
  return 0;
}
