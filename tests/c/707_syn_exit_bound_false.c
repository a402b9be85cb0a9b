// expect: false(unreach-call)
// decide: synergy
// As 706, but starts up to 3 past the bound are kept, and they skip the loop.
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x > 0x0fffffffu + 3)
    x = 0;
  while (x < 0x0fffffffu)
    x++;
  if (x != 0x0fffffffu) reach_error();
  return 0;
}
