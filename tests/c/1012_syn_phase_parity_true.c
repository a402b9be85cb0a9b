// expect: true
// decide: synergy
// A counter steps by 1 up to 1000 and by 4 from there on, to a bound it passes after 33
// million iterations; at the end it is a multiple of 4. The invariant holds only in the second
// phase: x < 1000 || x % 4 == 0 (1000 is a multiple of 4, and the first phase ends there).
void reach_error(void);
int main(void) {
  unsigned x = 0;
  while (x < 0x7ffffffu) {
    if (x < 1000u)
      x += 1;
    else
      x += 4;
  }
  if (x % 4 != 0) reach_error();
  return 0;
}
