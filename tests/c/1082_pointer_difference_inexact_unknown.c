// expect: unknown(division marked exact)
// decide: explicit
// unknown: undefined
// Subtracting two int pointers that are not a whole number of ints apart (one of them made by
// moving a char pointer) is undefined (C11 6.5.6p9); clang divides with `sdiv exact`, poison
// here. Natively the division is an arithmetic shift that rounds down, so arr - p is -1 and the
// error is reached; the VM's division gave 0 and vigil answered true. Now unknown.
#include <stdlib.h>
void reach_error(void) { abort(); }
int main(void) {
  int arr[4];
  int *p = (int *)((char *)arr + 2);
  long d = arr - p;
  if (d == -1) reach_error();
  return 0;
}
