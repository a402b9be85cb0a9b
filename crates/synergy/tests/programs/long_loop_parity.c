// A counter stepping by 2 runs 2^27 times: no test reaches the exit. The parity invariant
// restricts the loop head, and the trace's part past the tests (the check after the loop) is
// then infeasible on its own and refined there.
// expect: true
// max-iterations: 8
extern void reach_error(void);
int main(void) {
  unsigned x = 0;
  while (x < 0x0fffffffu)
    x += 2;
  if (x % 2 != 0) reach_error();
  return 0;
}
