// expect: true
// decide: explicit
// getrandom writes exactly the bytes asked for or fails with -1 (every byte value and every
// outcome is explored), and never touches the byte after the buffer.
#include <sys/random.h>
#include <errno.h>
int main(void) {
  unsigned char b[2] = {0, 42};
  ssize_t r = getrandom(b, 1, 0);
  if (r != 1 && r != -1) reach_error();
  if (r == -1 && errno != EINTR && errno != ENOSYS) reach_error();
  if (b[1] != 42) reach_error();
  if (r == 1 && b[0] == 200) return 1; /* every value is possible, so this path exists */
  return 0;
}
