// expect: unknown(unreachable)
// decide: explicit
// `goto *p` where p is the address of a label of another function is undefined behaviour (GCC's
// "labels as values": jumping to a label of another function is undefined): no verdict.
extern void reach_error(void);
void *where;
static void set(void) {
  where = &&elsewhere;
  return;
elsewhere:
  reach_error();
}
int main(void) {
  set();
  void *mine = &&here;
  if (mine == where) return 1;
  goto *where;
here:
  return 0;
}
