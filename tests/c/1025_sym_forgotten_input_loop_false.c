// expect: false(unreach-call)
// decide: explicit
// The sibling of 1024 that fails after three large commands and one exact one. The stored
// states forget old commands, so the violation's inputs come from running its path again: the
// trace must give four commands in the order they were read.
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
    if (count == 3 && cmd == 77) reach_error();
  }
}
