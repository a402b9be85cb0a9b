// expect: true
// decide: explicit
// perror keeps errno; the _unlocked stdio functions behave as the plain ones (glibc's results).
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
int main(void) {
  errno = EINVAL;
  perror("step");
  if (errno != EINVAL) reach_error();
  if (putchar_unlocked('x') != 'x' || putc_unlocked('\n', stdout) != '\n') reach_error();
  if (fputs_unlocked("ok\n", stdout) != 1) reach_error();
  if (fwrite_unlocked("ab", 1, 2, stderr) != 2 || fflush_unlocked(stderr) != 0) reach_error();
  return 0;
}
