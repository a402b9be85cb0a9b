// expect: false(unreach-call)
// decide: synergy
// 1014 with two writes after the loop: when the loop stopped at the limit, the second is one
// past the buffer.
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
  w++;
  check(w < room);
  w++;
  check(w < room);
  return 0;
}
