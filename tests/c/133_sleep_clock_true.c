// expect: true
// decide: explicit
// sleep and usleep report a complete sleep (no signal handler can interrupt them); the
// program's only check is independent of the clock.
#include <time.h>
#include <unistd.h>
int main(void) {
  if (sleep(2) != 0) reach_error();
  if (usleep(100) != 0) reach_error();
  struct timespec req = {0, 5000};
  if (nanosleep(&req, NULL) != 0) reach_error();
  return 0;
}
