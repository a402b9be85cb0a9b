// expect: unknown(file-system request was refused)
// decide: explicit
// unknown: incomplete:file-system
// The error is reached only when opening a file for writing succeeds: it does in a writable
// directory, so `true` (what vigil answered while its read-only file system was the only one
// explored) was wrong. The refused open marks the path: no `true` from it.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  FILE *f = fopen("out.txt", "w");
  if (f) {
    reach_error();
    fclose(f);
  }
  return 0;
}
