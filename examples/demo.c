/* A small program for `make demo`: is reach_error() reachable? */
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  for (int i = 0; i < 10; i++) y += 2;
  if (x > 0 && y == 20 && x * 2 == 84) reach_error(); /* x == 42 */
  return 0;
}
