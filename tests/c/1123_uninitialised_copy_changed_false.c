// expect: false(unreach-call)
// decide: explicit
// A copy of uninitialised memory is one value with its source until either is written: after
// the copy's first element grows by one, the two differ for every content except the one
// that wraps, so the solver picks a content and the replayed run reaches the error.
#include <string.h>
extern void reach_error(void);
struct rec { unsigned key; unsigned val; };
int main(void) {
  struct rec r, s;
  s = r;
  s.key += 1;
  unsigned buf[3], out[3];
  memcpy(out, buf, sizeof buf);
  if (s.key != r.key && out[1] == buf[1] && r.val > 1000u)
    reach_error();
  return 0;
}
