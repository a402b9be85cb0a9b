// expect: false(unreach-call)
// decide: explicit
// After qsort, equal keys keep their original order (glibc 2.36's merge sort), so the element
// with id 1 (the first with key 0) comes first and the error is reached natively. vigil's
// former heap sort put another element first and answered true.
#include <stdlib.h>
void reach_error(void);

struct rec { int key; int id; };

static int by_key(const void *a, const void *b) {
  return ((const struct rec *)a)->key - ((const struct rec *)b)->key;
}

int main(void) {
  struct rec r[12];
  for (int i = 0; i < 12; i++) {
    r[i].key = (i * 7 + 2) % 3;
    r[i].id = i;
  }
  qsort(r, 12, sizeof r[0], by_key);
  if (r[0].id == 1)
    reach_error();
  return 0;
}
