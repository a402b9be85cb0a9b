// expect: true
// decide: synergy
// A state machine whose check is inside the loop and whose state is assigned in both arms of
// a branch (the paper's test15 pattern): the join of the arms is an empty block, part of the
// step of the loop head, so one split of the head by `state > 2` proves it.
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int state = 0;
  while (__VERIFIER_nondet_int()) {
    if (state > 2) reach_error();
    if (__VERIFIER_nondet_int()) state = state == 0 ? 1 : 2;
    else state = 0;
  }
  return 0;
}
