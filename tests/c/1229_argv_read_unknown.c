// expect: unknown(reads its arguments)
// decide: explicit
// unknown: incomplete:main-arguments
// main reads argv's strings, whose number and contents the VM does not explore (it starts the
// program with argc = 1 only): no `true` (started as `prog x`, the program reaches the call).
int main(int argc, char **argv) {
  if (argc > 1 && argv[1][0] == 'x')
    reach_error();
  return 0;
}
