// expect: true
// property: valid-memsafety
// decide: synergy
// 958 with the right bound: every access of the 100-element array is inside it.
int main(void) {
  int a[100];
  int i;
  for (i = 0; i < 100; i++) a[i] = i;
  return a[5];
}
