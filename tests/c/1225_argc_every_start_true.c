// expect: true
// decide: explicit
// main reads argc only: the explicit engine explores every argc >= 1 (Linux starts a program
// with at least its own name), so exhausting them proves the program for every start.
int main(int argc, char **argv) {
  if (argc < 1)
    reach_error();
  int half = argc / 2;
  if (half * 2 + argc % 2 != argc)
    reach_error();
  if (argc == 3 && half != 1)
    reach_error();
  return 0;
}
