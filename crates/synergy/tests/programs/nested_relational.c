// s == 10*i at the outer loop head rests on s == 10*i + j, j <= 10 at the inner one, and the
// inner one on the outer: Houdini over the whole nest proves both at once, and the heads'
// regions are restricted to them.
// expect: true
// max-iterations: 12
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, s = 0;
  while (i < n) {
    unsigned j = 0;
    while (j < 10) {
      j++;
      s++;
    }
    i++;
  }
  if (s != 10 * i) reach_error();
  return 0;
}
