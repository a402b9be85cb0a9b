// expect: true
// decide: explicit
// strtok/strtok_r split at any run of delimiters; strspn/strcspn/strpbrk measure the same runs.
// One byte of the line is an input, so every byte value is tried as a possible delimiter.
#include <string.h>
int main(void) {
  char line[] = "ab,,cd e";
  line[2] = __VERIFIER_nondet_char(); /* a delimiter or not */
  int split = line[2] == ',' || line[2] == ' ';
  if (line[2] == 0) return 0;
  char *tok = strtok(line, ", ");
  if (tok != line || strlen(tok) != (split ? 2 : 3)) reach_error();
  if (strspn(line, "a") != 1 || strcspn("ab,cd", ",") != 2) reach_error();
  char *next = strtok(NULL, ", ");
  if (!next || strcmp(next, "cd") != 0) reach_error();
  if (strpbrk(next + 3, "e") != next + 3) reach_error();
  char copy[] = "k=v";
  char *save;
  char *key = strtok_r(copy, "=", &save);
  char *value = strtok_r(NULL, "=", &save);
  if (strcmp(key, "k") != 0 || strcmp(value, "v") != 0 || strtok_r(NULL, "=", &save)) reach_error();
  return 0;
}
