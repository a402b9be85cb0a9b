// expect: true
// property: valid-memsafety
// decide: explicit
// An array walked backwards by pointer: the loop ends when the pointer has moved one element
// before the array's start, which is never dereferenced; and a pointer to one before the start
// indexed back into the array. Natively every access is in bounds. The VM made such a pointer
// invalid for good, so the comparison did not end the loop and the next read was reported as an
// invalid dereference (a wrong `false`); it now keeps its object with a negative offset.
int main(void) {
  int a[5] = {1, 2, 3, 4, 5};
  int s = 0;
  for (int *p = a + 4; p >= a; p--)
    s += *p;
  int *q = a - 1;
  s += q[2];
  long back = (a - 1) - a;
  return s == 17 && back == -1 ? 0 : 1;
}
