// expect: false(unreach-call)
// decide: synergy
// 677 with the state counting up without a cap: three steps of the first arm reach state 3.
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int state = 0;
  while (__VERIFIER_nondet_int()) {
    if (state > 2) reach_error();
    if (__VERIFIER_nondet_int()) state = state + 1;
    else state = 0;
  }
  return 0;
}
