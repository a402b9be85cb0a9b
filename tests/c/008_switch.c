// expect: false(unreach-call)
// A switch with several cases, a shared target and a default.
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r;
  switch (x) {
  case 1: case 2: r = 10; break;
  case 5: r = 50; break;
  case -3: r = -30; break;
  default: r = 0;
  }
  if (r == 50) reach_error();
  return r;
}
