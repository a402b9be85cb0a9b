// expect: false(unreach-call)
// main reads argc: the VM starts the program with argc = 1 only, one of its possible starts, so
// exhausting that run must not give `true` (a run with five arguments reaches the error).
int main(int argc, char **argv) {
  (void)argv;
  if (argc == 5)
    reach_error();
  return 0;
}
