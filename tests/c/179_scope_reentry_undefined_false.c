// expect: false(unreach-call)
// decide: explicit
// A variable declared without initialiser in a loop body is indeterminate each time its
// declaration is reached (C11 6.2.4p6): in the second iteration it need not hold the 5 written in
// the first. (Natively, -O0 code happens to keep the 5: see harness.rs.)
extern void reach_error(void);
int main(void) {
  for (int i = 0; i < 2; i++) {
    unsigned char x;
    if (i == 0)
      x = 5;
    else if (x != 5)
      reach_error();
  }
  return 0;
}
