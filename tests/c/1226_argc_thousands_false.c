// expect: false(unreach-call)
// decide: explicit
// The error needs 4097 arguments: a start Linux allows, which the native harness gives (it
// starts the program again with its name and 4096 empty strings).
int main(int argc, char **argv) {
  if (argc == 4097)
    reach_error();
  return 0;
}
