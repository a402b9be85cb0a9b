// expect: true
// property: valid-memsafety
// decide: explicit
// A variadic function that reads exactly the arguments it was passed, then a printf whose
// conversions match its arguments: no undefined behaviour.
#include <stdarg.h>
#include <stdio.h>
static long sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, long);
  va_end(ap);
  return s;
}
int main(void) {
  printf("%ld %d\n", sum(3, 1L, 2L, 3L), 4);
  return 0;
}
