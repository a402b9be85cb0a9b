// expect: unknown(file-system request was refused)
// decide: explicit
// unknown: incomplete:file-system
// A file not given with --file whose open succeeds is read as the empty file, and the path is
// marked: its other contents are not explored, so no `true` (here the assertion fails for a
// file that starts with 'x').
#include <assert.h>
#include <stdio.h>
int main(void) {
  FILE *f = fopen("settings.cfg", "r");
  if (!f)
    return 1;
  int c = fgetc(f);
  assert(c != 'x');
  fclose(f);
  return 0;
}
