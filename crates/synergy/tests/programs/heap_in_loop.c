// An allocation in a loop makes several objects from one call: beyond the static heap model,
// so unknown.
// expect: unknown
// max-iterations: 0
#include <stdlib.h>
int main(void) {
  for (int i = 0; i < 3; i++) { int *p = malloc(4); *p = i; free(p); }
  return 0;
}
