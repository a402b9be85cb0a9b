// expect: unknown(uninitialised)
// decide: explicit
// unknown: doubtful-violation
// A function returning void called through a pointer to a function returning int (DIVINE's
// vm/ret-missing), and the result used: undefined behaviour (C11 6.5.2.2p9, 6.9.1p12), so
// neither true nor false. The VM gives the result an undefined value, and the error it reaches
// by branching on it is no evidence; synergy declines (it used to end in an internal error).
extern void reach_error(void);
typedef int (*IntFun)(void);
static void void_fun(void) {}
int main(void) {
  int x = ((IntFun)void_fun)();
  if (x != 0) reach_error();
  return 0;
}
