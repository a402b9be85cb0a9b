// A function inlined into a loop keeps its local's address in a global and reads it in its
// next call: the earlier call's `x` is dead (undefined behaviour), but the inlined `x` has one
// liveness register, which the next call sets again. Never a verdict (the engine answered true
// before; natively the next call's `x` has the same address and holds 10).
// expect: unknown
// max-iterations: 10
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
