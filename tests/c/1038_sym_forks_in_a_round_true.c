// expect: true
// decide: explicit
// A round-robin token among sixteen processes, scheduled as a SystemC kernel does: each round,
// straight-line code asks for every process whether it runs now (an input). One round holds
// sixteen forks on inputs; the explicit engine ends a transition before a thread's second
// choice, so a round costs about 2·16 runs from stored states instead of 2^16 paths in one
// transition, and the dead inputs merge in the visited set.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 16
static int token = 0, laps = 0;

static void run(int i) {
  if (token == i) {
    token = (i + 1) % N;
    if (token == 0) laps++;
  }
}

#define RUN(i) if (__VERIFIER_nondet_int()) run(i)

int main(void) {
  while (1) {
    RUN(0); RUN(1); RUN(2); RUN(3); RUN(4); RUN(5); RUN(6); RUN(7);
    RUN(8); RUN(9); RUN(10); RUN(11); RUN(12); RUN(13); RUN(14); RUN(15);
    if (laps == 3) laps = 0;
    if (laps > 2 || token >= N) reach_error();
  }
}
