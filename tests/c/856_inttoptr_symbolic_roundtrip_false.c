// expect: false(unreach-call)
// property: unreach-call
// As 855, but the value read back is compared with a wrong bound: an input of 3 reaches the
// error after its round trip through a pointer.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static void *slot;
int main(void) {
  int ch = __VERIFIER_nondet_int();
  if (ch < 0 || ch > 3) return 0;
  slot = (void *)(long)ch;
  int back = (int)(long)slot;
  if (back > 2) reach_error();
  return 0;
}
