// expect: unknown(invalid argument to a library function)
// decide: explicit
// unknown: undefined-behaviour
// Reading a file not given with --file is not modelled (its contents are unknown): the path
// that opens it and reads ends unknown, never true (here the assertion fails for a file that
// starts with 'x').
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
