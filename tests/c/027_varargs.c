// expect: true
// A variadic function: llvm.va_start, llvm.va_copy, llvm.va_end.
#include <stdarg.h>
static int sum(int n, ...) {
  va_list ap, ap2;
  va_start(ap, n);
  va_copy(ap2, ap);
  int s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, int);
  va_end(ap2);
  va_end(ap);
  return s;
}
int main(void) {
  if (sum(3, 1, 2, 3) != 6) reach_error();
  return 0;
}
