/* A FIFO of capacity K holding bits; each step pushes a nondeterministic bit (if not full) or
 * pops (if not empty). Checks that the count stays in bounds. Same model as fifo.pml. */
#ifndef K
#define K 10
#endif
unsigned char buf[K];
int head, count;
int main(void) {
  while (1) {
    if (__VERIFIER_nondet_bool()) {
      if (count < K) {
        buf[(head + count) % K] = __VERIFIER_nondet_bool();
        count++;
      }
    } else if (count > 0) {
      buf[head] = 0;
      head = (head + 1) % K;
      count--;
    }
    if (count < 0 || count > K) reach_error();
  }
}
