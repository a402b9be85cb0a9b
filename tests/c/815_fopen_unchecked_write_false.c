// expect: false(unreach-call)
// decide: explicit
// A program that assumes its output file opens: on a read-only or full file system it does
// not, a run the VM's file system shows (EROFS), so the assertion fails on a real run.
#include <assert.h>
#include <stdio.h>
int main(void) {
  FILE *f = fopen("log.txt", "w");
  assert(f != NULL);
  fputs("started\n", f);
  fclose(f);
  return 0;
}
