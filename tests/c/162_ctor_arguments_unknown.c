// expect: unknown(reads its arguments)
// decide: explicit
// unknown: incomplete
// glibc passes (argc, argv, envp) to constructors as to main; the VM starts the program with
// argc = 1 only, so a constructor that reads them gets no `true` (with 6 arguments the call is
// reached).
static int many;
__attribute__((constructor)) static void count(int argc, char **argv) {
  many = argc > 5 && argv[0] != 0;
}
int main(void) {
  if (many) reach_error();
  return 0;
}
