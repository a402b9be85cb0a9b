// expect: true
// property: valid-memsafety
// decide: explicit
// A literal at the top level of main's body lives as long as main, so keeping its address is
// fine; the literal in the loop's block is only copied, never kept. Both are proved.
struct point { int x, y; };
static int sum(const struct point *p) { return p->x + p->y; }
int main(void) {
  int total = 0;
  for (int i = 0; i < 3; i++) {
    struct point q;
    q = (struct point){i, 1};
    total += q.x + q.y;
  }
  const struct point *kept = &(struct point){2, 3};
  if (sum(kept) != 5 || total != 6)
    return *(volatile int *)0;
  return 0;
}
