// expect: true
// decide: explicit
// atexit: any number of handlers (glibc has no limit; C requires 32), run in reverse order of
// registration, on return from main and on exit(); a handler that registers another makes it
// run next (glibc's order, checked natively).
#include <stdlib.h>
#define N 40
static int ran[N + 2], count;
static void check(void) {
  /* Registered first, so it runs last. */
  if (count != N + 1) reach_error();
  for (int i = 0; i < N; i++)
    if (ran[i] != N - 1 - i) reach_error();
  if (ran[N] != 1000) reach_error();
}
static void late(void) { ran[count++] = 1000; }
static int next_id;
static void record(void) { ran[count++] = --next_id; }
static void registers_late(void) { atexit(late); }
int main(void) {
  if (atexit(check) != 0) return 1;
  if (atexit(registers_late) != 0) return 1; /* runs first of these, so `late` runs second */
  for (int i = 0; i < N; i++)
    if (atexit(record) != 0) return 1;
  next_id = N;
  /* record handlers run first: ids N-1 .. 0; then registers_late, late (1000), check */
  if (__VERIFIER_nondet_bool()) exit(3);
  return 0;
}
