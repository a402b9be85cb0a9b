// expect: true
// decide: explicit
// strsep yields empty fields between adjacent delimiters and ends with a NULL cursor; memrchr
// finds the last occurrence within n bytes (also of a byte chosen by the input).
#define _GNU_SOURCE
#include <string.h>
int main(void) {
  char rec[] = "x,,y";
  char *cur = rec;
  int fields = 0;
  char *f;
  while ((f = strsep(&cur, ",")) != NULL)
    fields++;
  if (fields != 3 || cur != NULL) reach_error();
  const char data[6] = {'a', 'b', 'c', 'a', 'b', 0};
  unsigned char c = __VERIFIER_nondet_uchar();
  const char *last = memrchr(data, c, 5);
  if (c == 'a' && last != data + 3) reach_error();
  if (c == 'c' && last != data + 2) reach_error();
  if (last && *last != (char)c) reach_error();
  if (c == 0 && last) reach_error(); /* the NUL at index 5 is outside the 5 bytes */
  return 0;
}
