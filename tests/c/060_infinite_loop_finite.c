// expect: true
// decide: explicit
// An infinite loop over finitely many states: the search must exhaust them and answer true.
int main(void) {
  unsigned char x = 0;
  while (1) {
    x = (unsigned char)(x + 3);
    if (x == 200 && (x & 1) == 1) reach_error();
  }
}
