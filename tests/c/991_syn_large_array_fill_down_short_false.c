// expect: false(unreach-call)
// decide: synergy
// 990 with an off-by-one loop: cell 0 (static storage) keeps 0.
void reach_error(void);
int a[1000];
int main(void) {
  int i;
  for (i = 999; i > 0; i--) a[i] = 7;
  for (i = 0; i < 1000; i++) {
    if (a[i] != 7) reach_error();
  }
  return 0;
}
