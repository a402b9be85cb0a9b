// expect: false(unreach-call)
// decide: synergy
// The counting loop of 500 with an off-by-one check: no invariant can hide the error.
int main(void) {
  int x = 0;
  while (x < 100) {
    x++;
  }
  if (x != 99) reach_error();
  return 0;
}
