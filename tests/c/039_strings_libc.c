// expect: true
// Calls into the C library (declared, not defined here): strlen, strcmp, memcmp.
#include <string.h>
int main(void) {
  const char *s = "verify";
  if (strlen(s) != 6) reach_error();
  if (strcmp(s, "verify") != 0) reach_error();
  char buf[8];
  strcpy(buf, s);
  if (memcmp(buf, s, 7) != 0) reach_error();
  return 0;
}
