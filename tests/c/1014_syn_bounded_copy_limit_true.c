// expect: true
// decide: synergy
// The index arithmetic of a copy loop of unknown length into a buffer of `room` cells that
// stops two short of it: the write index w and the read index r (into a source longer than
// the buffer) stay in bounds, also for the one write after the loop. The proof needs w == r, w <= end (a register the loop only
// compares with), end == room - 2 (a constant difference of two values it does not change) and
// room <= src.
void reach_error(void);
int __VERIFIER_nondet_int(void);
static void check(int ok) {
  if (!ok) reach_error();
}
int main(void) {
  int src = __VERIFIER_nondet_int();
  int room = __VERIFIER_nondet_int();
  if (room < 2 || src <= 0 || room >= src) return 0;
  int end = room - 2;
  int w = 0, r = 0;
  while (__VERIFIER_nondet_int()) {
    if (w == end) break;
    check(0 <= w);
    check(w < room);
    w++;
    r++;
    check(0 <= r);
    check(r < src);
  }
  check(w < room);
  w++;
  check(w < room);
  return 0;
}
