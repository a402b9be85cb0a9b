// expect: true
// decide: explicit
// The wide-string functions on wchar_t (a signed 32-bit type): lengths, copies with padding,
// concatenation, searches, and comparisons by sign as signed values.
#include <wchar.h>
int main(void) {
  wchar_t buf[8];
  wmemset(buf, 7, 8);
  wcsncpy(buf, L"ab", 4);
  if (wcslen(buf) != 2 || buf[2] != 0 || buf[3] != 0 || buf[4] != 7) reach_error();
  wcscat(buf, L"cd");
  if (wcscmp(buf, L"abcd") != 0 || wcsnlen(buf, 3) != 3) reach_error();
  wchar_t neg[2] = {-5, 0}, pos[2] = {300, 0};
  if (wcscmp(neg, pos) >= 0 || wmemcmp(pos, neg, 1) <= 0) reach_error();
  if (wcschr(buf, L'c') != buf + 2 || wcsrchr(buf, 0) != buf + 4 || wmemchr(buf, L'z', 4)) reach_error();
  return 0;
}
