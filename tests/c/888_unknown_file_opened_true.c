// expect: true
// decide: explicit
// A file not given with --file is opened for reading: the open may fail (any error open(2)
// gives such an open) or succeed on a file whose contents are unknown. The program never reads
// it, so every outcome is explored and the assertions hold on all of them (SV-COMP's
// loops/aiob_* open a configuration file this way).
#include <assert.h>
#include <errno.h>
#include <stdio.h>
int main(void) {
  errno = 0;
  FILE *f = fopen("settings.cfg", "r");
  if (!f) {
    assert(errno != 0);
    return 1;
  }
  assert(!feof(f) && !ferror(f));
  int sum = 0;
  for (int i = 1; i <= 10; i++)
    sum += i;
  assert(sum == 55);
  assert(fclose(f) == 0);
  return 0;
}
