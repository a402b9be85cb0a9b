// expect: false(unreach-call)
// decide: synergy
// 950 with the fill stopping one cell early: the global's cell 250 keeps its zero.
int a[300];
int main(void) {
  int i;
  for (i = 0; i < 250; i++) a[i] = 3 * i + 1;
  if (a[250] != 751) reach_error();
  return 0;
}
