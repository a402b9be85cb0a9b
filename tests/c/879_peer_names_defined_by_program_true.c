// expect: true
// decide: explicit
// A program that defines nondet_int() and assert() itself keeps its own definitions: nondet_int
// always returns 5 here, so the assertion holds (read as an input it would fail for other values).
extern void reach_error(void);
int nondet_int(void) { return 5; }
void assert(int cond) {
  if (!cond)
    reach_error();
}
int main() {
  int x = nondet_int();
  assert(x == 5);
  return 0;
}
