// expect: unknown(compound literal)
// property: valid-memsafety
// decide: explicit
// unknown: unsupported
// A compound literal in a block lives until the block ends (C11 6.5.2.5p5), and reading it
// through a pointer kept past the block is undefined behaviour. clang gives the literal no
// lifetime end (neither does AddressSanitizer check it), so every engine would see the read
// succeed; vigil answers unknown, never true.
int main(void) {
  int *kept;
  {
    int *p = &(int){7};
    *p += 1;
    kept = p;
  }
  return *kept == 8 ? 0 : 1;
}
