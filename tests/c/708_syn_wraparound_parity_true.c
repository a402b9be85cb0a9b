// expect: true
// decide: synergy
// The loop ends only when x wraps around past 2^32 (x += 2 from an even start lands on 0): the
// parity invariant at the head proves the check after it.
int main(void) {
  unsigned x = 10;
  while (x >= 10)
    x += 2;
  if (x % 2 != 0) reach_error();
  return 0;
}
