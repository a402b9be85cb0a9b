// expect: true
// decide: synergy
// Every cell of a 1000-element array gets 3i + 7 and a loop checks each at a variable
// index: `∀k < i. a[k] == 3k + 7`, then for the whole array.
int a[1000];
int main(void) {
  int i;
  for (i = 0; i < 1000; i++) a[i] = 3 * i + 7;
  for (i = 0; i < 1000; i++) {
    if (a[i] != 3 * i + 7) reach_error();
  }
  return 0;
}
