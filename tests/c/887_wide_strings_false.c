// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// wcsncpy of three wide characters into a buffer of three leaves no terminator, so wcslen reads
// past the end.
#include <wchar.h>
int main(void) {
  wchar_t buf[3];
  wcsncpy(buf, L"abc", 3);
  return (int)wcslen(buf);
}
