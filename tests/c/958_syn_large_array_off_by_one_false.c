// expect: false(valid-deref)
// property: valid-memsafety
// decide: synergy
// A fill loop of 100 elements that runs once too often writes past the array.
int main(void) {
  int a[100];
  int i;
  for (i = 0; i <= 100; i++) a[i] = i;
  return a[5];
}
