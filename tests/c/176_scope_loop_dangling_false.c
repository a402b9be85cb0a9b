// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// A pointer to a variable of a loop body, used after the loop: the variable's block has ended, so
// the pointer dangles (the VM ends its life at clang's llvm.lifetime.end marker).
int main(void) {
  int *p = 0;
  for (int i = 0; i < 2; i++) {
    int x = i;
    p = &x;
  }
  return *p;
}
