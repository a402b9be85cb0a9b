// expect: true
// decide: explicit
// stpcpy chains copies through the returned end pointer; memmem and strchrnul find the byte
// chosen by the input; ffs gives the lowest set bit.
#define _GNU_SOURCE
#include <string.h>
#include <strings.h>
int main(void) {
  char buf[16];
  char *end = stpcpy(stpcpy(buf, "ab"), "cd");
  if (end != buf + 4 || strcmp(buf, "abcd") != 0) reach_error();
  unsigned char c = __VERIFIER_nondet_uchar();
  char pat[1] = {(char)c};
  char *hit = memmem(buf, 4, pat, 1);
  if (c >= 'a' && c <= 'd' && hit != buf + (c - 'a')) reach_error();
  if ((c < 'a' || c > 'd') && hit != NULL) reach_error();
  char *stop = strchrnul(buf, c);
  if (c == 0 && stop != end) reach_error();
  if (ffs(c) != 0 && !(c & (1u << (ffs(c) - 1)))) reach_error();
  if (c != 0 && (c & ((1u << (ffs(c) - 1)) - 1)) != 0) reach_error();
  return 0;
}
