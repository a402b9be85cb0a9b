// expect: true
// __builtin_trap and __builtin_unreachable on paths that are never taken.
int main(void) {
  unsigned x = __VERIFIER_nondet_uint() % 4;
  if (x > 3) __builtin_trap();
  switch (x) {
  case 0: case 1: case 2: case 3: return (int)x;
  }
  __builtin_unreachable();
}
