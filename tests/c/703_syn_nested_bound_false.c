// expect: false(unreach-call)
// decide: synergy
// As 702, but a start just past the bound is kept: x = 0x10000000 skips both loops and is even.
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned y = 0;
  if (x > 0x0fffffffu + 3)
    x = 0;
  while (x < 0x0fffffffu) {
    y = 0;
    while (y < 10)
      y++;
    x++;
  }
  if (x % 2 == 0) reach_error();
  return 0;
}
