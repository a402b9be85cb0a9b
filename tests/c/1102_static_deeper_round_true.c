// expect: true
// The sibling of 1101: six times any x is even, so the odd sum is never reached; the static
// engine's deeper rounds find no candidate (and could only report one the VM replays).
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned s = 0;
  for (int i = 0; i < 6; i++)
    s += x;
  if (s == 0x601u)
    reach_error();
  return 0;
}
