/* Three counters modulo MAX+1, one of them (chosen nondeterministically) incremented per step;
 * the error state is unreachable. (MAX+1)^3 states. Same model as counters.pml. */
#ifndef MAX
#define MAX 30
#endif
int c[3];
int main(void) {
  while (1) {
    int i = __VERIFIER_nondet_bool() ? 0 : (__VERIFIER_nondet_bool() ? 1 : 2);
    if (c[i] < MAX) c[i]++; else c[i] = 0;
    if (c[0] == MAX && c[1] == MAX && c[2] == MAX + 1) reach_error();
  }
}
