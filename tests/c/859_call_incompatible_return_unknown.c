// expect: unknown(a call through an incompatible function type)
// decide: explicit
// unknown: undefined
// A function returning void called through a pointer to a function returning int (DIVINE's
// vm/ret-missing): undefined behaviour (C11 6.5.2.2p9), whatever the caller does with the
// result, so neither true nor false. (Synergy used to end in an internal error here.)
extern void reach_error(void);
typedef int (*IntFun)(void);
static void void_fun(void) {}
int main(void) {
  int x = ((IntFun)void_fun)();
  if (x != 0) reach_error();
  return 0;
}
