// expect: true
// Structs passed and returned by value (coerced to registers by the ABI).
struct pair { long a, b; };
struct small { int x; short y; };
static struct pair mk(long a, long b) { struct pair p = {a, b}; return p; }
static struct small shrink(struct small s) { s.x--; s.y++; return s; }
int main(void) {
  struct pair p = mk(3, 4);
  struct small s = {10, 20};
  s = shrink(s);
  if (p.a + p.b != 7 || s.x != 9 || s.y != 21) reach_error();
  return 0;
}
