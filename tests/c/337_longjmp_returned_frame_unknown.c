// expect: unknown(longjmp to a function that has returned)
// decide: explicit
// Jumping to a setjmp whose function has returned is undefined behaviour (C11 7.13.2.1p2).
#include <setjmp.h>
extern void reach_error(void);
static jmp_buf env;
static void setup(void) { if (setjmp(env)) return; }
int main(void) {
  setup();
  longjmp(env, 1); /* the frame of setup has returned: undefined */
  return 0;
}
