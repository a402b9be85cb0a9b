// An allocation in a loop makes several objects from one call: the site stands for
// MAX_SITE_OBJECTS objects used in turn (flatten/pointers.rs), and the three allocations stay
// within them, each freed before the next; the pointer lives in a register.
// expect: true
// max-iterations: 20
#include <stdlib.h>
int main(void) {
  for (int i = 0; i < 3; i++) { int *p = malloc(4); *p = i; free(p); }
  return 0;
}
