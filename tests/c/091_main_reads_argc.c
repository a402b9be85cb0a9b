// expect: false(unreach-call)
// decide: explicit
// main reads argc and nothing else of its arguments: argc is an input (every int >= 1), and a
// run with five arguments reaches the error; the harness starts the program natively with the
// program's name and four empty strings.
int main(int argc, char **argv) {
  (void)argv;
  if (argc == 5)
    reach_error();
  return 0;
}
