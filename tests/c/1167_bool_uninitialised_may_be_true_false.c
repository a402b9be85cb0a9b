// expect: false(unreach-call)
// decide: explicit
// The sibling of 1166: an uninitialised `_Bool` may be 1, so the error is reachable.
extern void reach_error(void);
int main(void) {
  _Bool b;
  if (b)
    reach_error();
  return 0;
}
