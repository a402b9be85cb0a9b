// expect: unknown(addresses are not modelled)
// decide: explicit
// unknown: addresses
// An object's address compared with an integer where x86-64 Linux can place user memory
// (ESBMC's github_1620): natively the literal can lie exactly there, so the comparison can go
// either way and vigil, which does not model addresses, answers neither true nor false.
extern void reach_error(void);
int main(void) {
  const char *empty = "";
  const char *made = (const char *)0x55a8a2e6b007;
  if (made == empty) reach_error();
  return 0;
}
