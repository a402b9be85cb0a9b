// expect: true
// decide: explicit
// A reactive loop that reads a command every round, acts on it and forgets it. Each round adds
// a condition on a new input to the path condition; the state space closes only because the
// explicit engine stores states with the inputs no value mentions any more forgotten.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int state = 0, count = 0;
  while (1) {
    int cmd = __VERIFIER_nondet_int();
    if (cmd > 100) {
      state = 1;
    } else if (cmd < -100) {
      state = 2;
    } else {
      state = 0;
    }
    if (state == 1 && count < 3) count++;
    if (state == 2) count = 0;
    if (count > 3) reach_error();
  }
}
