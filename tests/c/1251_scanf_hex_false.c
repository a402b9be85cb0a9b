// expect: false(unreach-call)
// decide: explicit
// scanf("%x") reads hexadecimal text; the first field is followed by a second one, "%hd".
#include <stdio.h>
int main(void) {
  unsigned x = 0;
  short h = 0;
  if (scanf("%x,%hd", &x, &h) == 2 && x == 0xbeef && h == -300) reach_error();
  return 0;
}
