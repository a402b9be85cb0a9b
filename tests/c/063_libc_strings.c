// expect: true
// decide: explicit
// The runtime's string functions give the C library's answers.
#include <string.h>
#include <stdlib.h>
int main(void) {
  char buf[32];
  strcpy(buf, "abc");
  strcat(buf, "def");
  if (strlen(buf) != 6 || strcmp(buf, "abcdef") != 0) reach_error();
  if (strncmp(buf, "abcxyz", 3) != 0 || strncmp(buf, "abd", 3) >= 0) reach_error();
  if (strchr(buf, 'd') != buf + 3 || strrchr(buf, 'z') != 0) reach_error();
  if (strstr(buf, "cde") != buf + 2) reach_error();
  char *d = strdup(buf);
  if (!d || memcmp(d, buf, 7) != 0) reach_error();
  memmove(d + 1, d, 5);
  if (d[1] != 'a' || d[5] != 'e') reach_error();
  memset(d, 'x', 3);
  if (memchr(d, 'x', 6) != d || atoi("-42") != -42 || abs(-5) != 5) reach_error();
  free(d);
  return 0;
}
