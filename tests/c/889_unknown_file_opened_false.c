// expect: false(unreach-call)
// decide: explicit
// The error needs the open of a file not given with --file to succeed; a real system may have
// the file, so the run where it opens is explored (before, vigil only explored the failure and
// answered unknown). A native run has no such file: the counterexample is not confirmed natively.
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  FILE *f = fopen("settings.cfg", "r");
  if (f) {
    fclose(f);
    reach_error();
  }
  return 0;
}
