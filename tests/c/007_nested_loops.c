// expect: true
// Nested loops with break and continue.
int main(void) {
  int count = 0;
  for (int i = 0; i < 10; i++) {
    if (i == 7) break;
    for (int j = 0; j < i; j++) {
      if (j % 2) continue;
      count++;
    }
  }
  if (count != 12) reach_error();
  return 0;
}
