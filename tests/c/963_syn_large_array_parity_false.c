// expect: false(unreach-call)
// decide: synergy
// 962 with the fill loop stopping one cell early: the global's last cell keeps its zero
// where the check wants a one.
unsigned a[500];
int main(void) {
  unsigned i;
  for (i = 0; i < 499; i++) a[i] = i % 2;
  for (i = 0; i < 500; i++) {
    if (i % 2 == 0) {
      if (a[i] != 0) reach_error();
    } else {
      if (a[i] != 1) reach_error();
    }
  }
  return 0;
}
