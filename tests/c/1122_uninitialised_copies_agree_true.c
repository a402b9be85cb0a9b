// expect: true
// decide: explicit
// Uninitialised bytes that are copied (struct assignment, memcpy, a struct returned by value)
// become inputs at the copy, so the copy and its source hold one indeterminate value: every
// comparison below holds for every initial content, and the search proves it instead of
// doubting each violation it might see after the copy.
#include <string.h>
extern void reach_error(void);
struct pair { int lo; long hi; };
static struct pair echo(struct pair p) { return p; }
static void check(int ok) {
  if (!ok)
    reach_error();
}
int main(void) {
  struct pair a, b;
  b = a;
  check(b.lo == a.lo && b.hi == a.hi);
  int src[4], dst[4];
  memcpy(dst, src, sizeof src);
  check(dst[2] == src[2]);
  int n;
  struct pair c = { n, 0 };
  struct pair d = echo(c);
  check(d.lo == n);
  unsigned char raw[6];
  unsigned char copy[6];
  memcpy(copy, raw, 6);
  check((copy[0] ^ raw[0]) == 0 && copy[5] == raw[5]);
  return 0;
}
