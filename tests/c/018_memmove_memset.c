// expect: true
// __builtin_memmove and __builtin_memset with variable lengths.
int main(void) {
  char buf[16];
  unsigned n = __VERIFIER_nondet_uint() % 8;
  __builtin_memset(buf, 'x', 16);
  __builtin_memmove(buf + 1, buf, n);
  __builtin_memcpy(buf + 8, buf, n);
  if (buf[15] != 'x') reach_error();
  return 0;
}
