// expect: unknown(access to freed memory)
// decide: explicit
// unknown: undefined
// A function keeps the address of its local in a global and reads it in its next call: the
// earlier call's `x` is dead (undefined under unreach-call; natively the next call's `x` has the
// same address and holds 10, so reach_error is not called there). The synergy engine, which
// inlines `f` with one liveness register for `x`, answered true.
extern void reach_error(void);
int *g;
void f(int i) {
  int x = i * 10;
  if (g && *g == 0)
    reach_error();
  g = &x;
}
int main(void) {
  for (int i = 0; i < 2; i++)
    f(i);
  return 0;
}
