// expect: true
// decide: synergy
// A loop fills a global array by a variable index; the witness's loop invariant names the
// global's cell a[1] (it holds 1 once i has passed it).
int a[3];
int main(void) {
  int i = 0;
  while (i < 3) {
    a[i] = 1;
    i++;
  }
  if (a[1] != 1) reach_error();
  return 0;
}
