// expect: true
// decide: explicit
// A bound read once and kept, and a value read every round and compared with it. Every
// round's comparison mentions the bound, so it stays in the path condition and states never
// repeat exactly; but each value is forgotten after its round, and conditions that differ only
// in a forgotten input are one condition (`∃x. x < limit`), so stored states do repeat.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int limit = __VERIFIER_nondet_int();
  int below = 0, rounds = 0;
  while (1) {
    int x = __VERIFIER_nondet_int();
    if (x < limit) below = 1; else below = 0;
    if (below && x >= limit) reach_error();
    if (rounds < 2) rounds++;
  }
}
