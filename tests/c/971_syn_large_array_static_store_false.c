// expect: false(unreach-call)
// decide: synergy
// 970 with the check expecting 5 everywhere: cell 123 holds 6.
int main(void) {
  int a[400];
  int i;
  for (i = 0; i < 400; i++) a[i] = 5;
  a[123] = 6;
  for (i = 0; i < 400; i++) {
    if (a[i] != 5) reach_error();
  }
  return 0;
}
