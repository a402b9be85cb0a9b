// expect: false(unreach-call)
// decide: synergy
// 994's loop computing a minimum instead, over an array of static storage (zeros, so that the
// counterexample does not rest on uninitialised values), with a wrong comparison: the cell
// equal to the minimum fails the strict one.
void reach_error(void);
int a[1000];
int main(void) {
  int i;
  int m = 0;
  for (i = 0; i < 1000; i++) {
    int x = a[i];
    if (x < m) m = x;
  }
  for (i = 0; i < 1000; i++) {
    if (a[i] <= m) reach_error();
  }
  return 0;
}
