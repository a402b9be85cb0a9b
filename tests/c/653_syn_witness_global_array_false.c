// expect: false(unreach-call)
// decide: synergy
// As 652, but the loop stops one cell early: a[2] stays 0.
int a[3];
int main(void) {
  int i = 0;
  while (i < 2) {
    a[i] = 1;
    i++;
  }
  if (a[2] != 1) reach_error();
  return 0;
}
