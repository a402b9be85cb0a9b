// expect: true
// flags: --m32
// Compiled with --m32 in the tests: 4-byte pointers and longs.
struct s { char c; long l; void *p; };
int main(void) {
  struct s v = {1, 2, 0};
  if (sizeof(void *) == 4 && sizeof(struct s) != 12) reach_error();
  if (v.l != 2) reach_error();
  return 0;
}
