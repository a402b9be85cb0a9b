// expect: true
// decide: synergy
// The maximum of an uninitialised local array of 1000 cells bounds every cell. The tests
// read zeros everywhere, so they show `a[k] == m` as well as `a[k] ≤ m`: both are proposed
// and the Houdini check keeps the inductive one.
void reach_error(void);
int main(void) {
  int a[1000];
  int i;
  int m = 0;
  for (i = 0; i < 1000; i++) {
    int x = a[i];
    if (x > m) m = x;
  }
  for (i = 0; i < 1000; i++) {
    if (a[i] > m) reach_error();
  }
  return 0;
}
