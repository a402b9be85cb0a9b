// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// The variadic reads stay within the arguments; the out-of-bounds write after them is a real
// invalid dereference (the va_arg fault kind must not swallow ordinary out-of-bounds accesses).
#include <stdarg.h>
#include <stdlib.h>
static int first(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int v = va_arg(ap, int);
  va_end(ap);
  return v;
}
int main(void) {
  int *a = malloc(4 * sizeof(int));
  if (!a) return 0;
  a[first(1, 4)] = 1;
  free(a);
  return 0;
}
