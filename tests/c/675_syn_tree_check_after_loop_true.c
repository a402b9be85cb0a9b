// expect: true
// decide: synergy
// A loop of input-controlled length with a nondeterministic branch inside and the check after
// it (the SYNERGY paper's test11 pattern). The check is part of the loop head's step (synergy's
// locations are trees of blocks), so the head is split by `mode != 2 && done` directly.
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int mode = 0;
  for (int i = 0; i < n; i++) {
    mode = 1;
    if (__VERIFIER_nondet_int()) mode = 2;
    else mode = 2;
  }
  if (n > 0 && mode != 2) reach_error();
  return 0;
}
