// expect: true
// decide: explicit
// An input read once and kept (mode) beside a command read every round and forgotten: stored
// states keep mode as their first input and forget the commands, so each round's command is
// the same fresh input again and the state space closes.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int mode = __VERIFIER_nondet_int();
  int s = 0;
  while (1) {
    int c = __VERIFIER_nondet_int();
    if (c == 1) s = (s + 1) % 4;
    if (mode > 0 && s > 3) reach_error();
    if (mode == 42 && c == 7 && s == 4) reach_error();
  }
}
