// expect: true
// decide: explicit
// Reading a memory stream: fgetc/fgets see the buffer's bytes (one of them an input), the end
// of the buffer sets the end-of-file indicator, and fclose releases the stream.
#include <stdio.h>
#include <string.h>
int main(void) {
  char buf[4] = {'a', 0, '\n', 'z'};
  buf[1] = __VERIFIER_nondet_char();
  FILE *f = fmemopen(buf, sizeof buf, "r");
  if (!f) return 0;
  if (fgetc(f) != 'a' || feof(f) || ferror(f)) reach_error();
  char line[8];
  if (!fgets(line, sizeof line, f)) reach_error();
  if (buf[1] == '\n' && strlen(line) != 1) reach_error(); /* the line ends at the input */
  if (buf[1] != '\n' && buf[1] != 0 && strlen(line) != 2) reach_error();
  if (fgets(line, sizeof line, f) == NULL && buf[1] != '\n') reach_error(); /* "z" is left */
  fclose(f);
  return 0;
}
