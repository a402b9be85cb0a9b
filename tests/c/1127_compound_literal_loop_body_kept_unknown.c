// expect: unknown(compound literal)
// property: unreach-call
// decide: explicit
// unknown: unsupported
// The body of a `for` is a block even without braces (C11 6.8.5p5): each literal below dies at
// the end of its iteration, so reading them after the loop is undefined behaviour, although the
// one stack slot clang uses for all of them holds the last value.
extern void reach_error(void);
int main(void) {
  int *slot[3];
  for (int i = 0; i < 3; i++)
    slot[i] = &(int){i};
  if (*slot[0] != 2)
    reach_error();
  return 0;
}
