// expect: true
// decide: synergy
// An outer counter runs to an odd bound about 2^28 times with an inner loop in its body. The
// outer head's invariant x <= 0x0fffffff is proven with the inner loop havocked (its registers
// replaced by arbitrary values under its own invariant), and with the exit condition it gives
// x == 0x0fffffff, which is odd.
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned y = 0;
  if (x > 0x0fffffffu)
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
