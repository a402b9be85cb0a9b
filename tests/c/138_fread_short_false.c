// expect: false(unreach-call)
// decide: explicit
// fread returns fewer items than asked when the input ends early (here: at once).
#include <stdio.h>
int main(void) {
  unsigned char header[4];
  size_t got = fread(header, 1, sizeof header, stdin);
  if (got != sizeof header) reach_error();
  return header[0];
}
