// expect: unknown(earlier instance of a block-scoped local)
// decide: explicit
// unknown: undefined
// The same undefined read under unreach-call: natively `*p` reads the new instance (10), so
// reach_error is not called there, but by C the read is undefined, so no `true`. The synergy
// engine answered true (one liveness register per object: the pointer to the earlier instance
// passed as one to the current one); it now declines an object whose address is kept and whose
// life can begin again.
extern void reach_error(void);
int main(void) {
  int *p = 0;
  for (int i = 0; i < 2; i++) {
    int x = i * 10;
    if (p && *p == 0)
      reach_error();
    p = &x;
  }
  return 0;
}
