// The address of a loop body's local kept into the next iteration and read there, before the
// pointer is set again: the new iteration is a new instance of `x` (C11 6.2.4p6) and the kept
// pointer is indeterminate, but the object has one liveness register, which the new instance
// sets again. Natively `*p` reads the new `x` (10), so reach_error is not called; by C the read
// is undefined: never a verdict (the engine answered true before).
// expect: unknown
// max-iterations: 10
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
