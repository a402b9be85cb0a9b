// expect: true
// __VERIFIER_atomic_begin/end around a critical section.
int g;
int main(void) {
  __VERIFIER_atomic_begin();
  g = g + 1;
  __VERIFIER_atomic_end();
  if (g != 1) reach_error();
  return 0;
}
