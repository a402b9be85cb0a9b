// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// 821's backward walk followed by one read too many: the pointer, one before the start, is
// dereferenced (natively: AddressSanitizer's stack-buffer-underflow).
int main(void) {
  int a[5] = {1, 2, 3, 4, 5};
  int s = 0;
  int *p = a + 4;
  while (p >= a)
    s += *p--;
  s += *p;
  return s;
}
