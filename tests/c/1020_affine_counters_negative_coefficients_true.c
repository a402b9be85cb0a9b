// expect: true
// decide: synergy
// Three counters stepped by 1, 2 and 3 until the last passes 2^28 - 1, checked through a
// function taking the conjunction as an int. SYNERGY's proof needs z == 3*x and y == 2*x; its
// solver queries multiply by negative constants, which are blasted from their signed digits
// (a product by -2 is a negation of a shifted copy). With a shift-add multiplier of the
// constant's 31 set bits, one query took 13 s and the answer was unknown on time.
void reach_error(void);
static void check(int ok) {
  if (!ok) reach_error();
}
int main(void) {
  unsigned x = 0, y = 0, z = 0;
  while (z < 0x0fffffffu) {
    x = x + 1;
    y = y + 2;
    z = z + 3;
    check((z == 3 * x) && (y == 2 * x));
  }
  return 0;
}
