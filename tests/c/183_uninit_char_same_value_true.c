// expect: true
// decide: explicit
// As 182 with a char: its 256 values are all explored, so the explicit engine proves it.
extern void reach_error(void);
int main(void) {
  char x;
  int y = 0;
  if (x == 7) y = 1;
  if (x == 7 && y != 1) reach_error();
  if (x != 7 && y != 0) reach_error();
  return 0;
}
