// The address of a block-scoped local kept past the block's end and read there: undefined
// behaviour (the lifetime markers end the object), never a verdict.
// expect: unknown
// max-iterations: 10
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int *p = 0;
  int *q[1];
  if (__VERIFIER_nondet_int()) {
    int y = 7;
    q[0] = &y;
    p = q[0];
  } else {
    return 0;
  }
  if (*p != 7) reach_error();
  return 0;
}
