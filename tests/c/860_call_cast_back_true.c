// expect: true
// decide: explicit, synergy
// The sibling of 859 that is defined: a function pointer converted to another type and back
// before the call (C11 6.3.2.3p8) calls the function with its own type.
extern void reach_error(void);
typedef int (*IntFun)(void);
typedef void (*VoidFun)(void);
static int calls;
static void void_fun(void) { calls++; }
int main(void) {
  IntFun f = (IntFun)void_fun;
  ((VoidFun)f)();
  if (calls != 1) reach_error();
  return 0;
}
