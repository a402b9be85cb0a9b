// expect: true
// decide: synergy
// An array filled downwards: at the loop head the cells above `i` are filled
// (`k < 4(i+1) ∨ k ≥ 4000 ∨ g == 7`), after it all of them.
void reach_error(void);
int main(void) {
  int a[1000];
  int i;
  for (i = 999; i >= 0; i--) a[i] = 7;
  for (i = 0; i < 1000; i++) {
    if (a[i] != 7) reach_error();
  }
  return 0;
}
