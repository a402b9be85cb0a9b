// expect: true
// Two different objects have different addresses, also in their low 32 bits here (real
// allocations are distinct); vigil keeps only offsets there, so it must not report the error
// (unknown is fine).
int main(void) {
  int a = 1, b = 2;
  if ((unsigned)(unsigned long)&a == (unsigned)(unsigned long)&b) reach_error();
  return 0;
}
