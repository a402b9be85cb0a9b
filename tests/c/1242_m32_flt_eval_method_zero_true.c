// expect: true
// flags: --m32
// decide: explicit
// The program sees the evaluation method vigil computes with: under ILP32 both vigil's compile
// and its native build use SSE2 arithmetic, so FLT_EVAL_METHOD is 0 (IEEE per operation; 1240).
// With only `-m32` clang's i386 target says 2 (x87 extended precision), which vigil's compile
// saw while the native build, after 1241's change, said 0.
#include <float.h>
extern void reach_error(void);
int main(void) {
  if (FLT_EVAL_METHOD != 0)
    reach_error();
  return 0;
}
