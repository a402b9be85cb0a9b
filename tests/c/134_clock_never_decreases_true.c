// expect: true
// decide: explicit
// clock() never decreases (CPU time does not go back): with symbolic data each reading is an
// input from the previous one on, over every such value, so the explicit engine proves it.
#include <time.h>
int main(void) {
  clock_t a = clock();
  clock_t b = clock();
  if (b < a) reach_error();
  return 0;
}
