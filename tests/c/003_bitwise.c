// expect: true
// Bitwise and/or/xor, shl/lshr/ashr.
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned u = (unsigned)x;
  if (((x & 0xff) | (x & ~0xff)) != x) reach_error();
  if ((x ^ x) != 0) reach_error();
  if ((u >> 31) > 1u) reach_error();
  int s = x >> 31;
  if (s != 0 && s != -1) reach_error();
  if ((x & 1) == 0 && ((u << 1) >> 1) != (u & 0x7fffffffu)) reach_error();
  return 0;
}
