// expect: false(unreach-call)
// Indirect calls through a table of function pointers.
static int inc(int x) { return x + 1; }
static int dec(int x) { return x - 1; }
static int (*ops[2])(int) = {inc, dec};
int main(void) {
  unsigned k = __VERIFIER_nondet_uint() % 2;
  int r = ops[k](10);
  if (r == 9) reach_error();
  return 0;
}
