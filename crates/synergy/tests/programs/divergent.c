// Figure 9 of the SYNERGY paper: without generalisation SYNERGY splits with y<0, y+x<0,
// y+2x<0, ... forever; the invariant (x == 0 and y >= 0, bit-precisely) needs generalisation.
// x is a global so that mem2reg does not turn it into the constant 0.
// paper: test18.c, 24 iterations (Table 1)
// expect: true
// expect-without-generalization: unknown (within 30 iterations)
// max-iterations: 24
extern void reach_error(void);
int x;
int main(void) {
  int y;
  x = 0;
  y = 0;
  while (y >= 0) {
    y = y + x;
  }
  reach_error();
  return 0;
}
