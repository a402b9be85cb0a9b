// expect: unknown(temporary)
// property: valid-memsafety
// decide: explicit
// unknown: unsupported
// The sibling of 1164 whose callee keeps the pointer it is given in a global through its
// spilled parameter: the temporary's life ends with the full expression `remember(...)`
// (C11 6.2.4p8), so the later read through `kept` is undefined. vigil does not model the end
// of a temporary and refuses to prove the program.
struct name { char text[16]; };
static struct name make(void) {
  struct name n = {"vigil"};
  return n;
}
static const char *kept;
static void remember(const char *s) {
  const char *copy = s;
  kept = copy;
}
int main(void) {
  remember(make().text);
  if (kept[0] != 'v')
    return *(volatile int *)0;
  return 0;
}
