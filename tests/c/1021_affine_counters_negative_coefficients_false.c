// expect: false(unreach-call)
// decide: synergy
// 1020 with y stepped by 3 once, at x == 5000: the second equality breaks from there on.
void reach_error(void);
static void check(int ok) {
  if (!ok) reach_error();
}
int main(void) {
  unsigned x = 0, y = 0, z = 0;
  while (z < 0x0fffffffu) {
    x = x + 1;
    y = y + (x == 5000 ? 3 : 2);
    z = z + 3;
    check((z == 3 * x) && (y == 2 * x));
  }
  return 0;
}
