// expect: true
// flags: --m32
// decide: explicit
// ILP32 varargs: the runtime's printf family reads int, long long, pointer and string
// arguments from 4-byte-aligned slots; a user-defined variadic function and va_copy too.
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
static long long total(int n, ...) {
  va_list ap, ap2;
  va_start(ap, n);
  va_copy(ap2, ap);
  long long s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, long long);
  int first = (int)va_arg(ap2, long long);
  va_end(ap2);
  va_end(ap);
  return s + first;
}
int main(void) {
  char buf[64];
  int n = sprintf(buf, "%d %lld %s %c %lu", -3, 5000000000LL, "ok", 'z', sizeof(long));
  if (n != 20 || strcmp(buf, "-3 5000000000 ok z 4") != 0) reach_error();
  if (total(3, 1LL, 2LL, 4000000000LL) != 4000000004LL) reach_error();
  printf("%s %d\n", buf, n);
  return 0;
}
