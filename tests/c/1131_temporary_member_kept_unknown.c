// expect: unknown(temporary)
// property: valid-memsafety
// decide: explicit
// unknown: unsupported
// The structure a call returns is a temporary: it lives until the end of its full expression
// (C11 6.2.4p8), and `p` keeps a pointer into its array member past that end, so reading *p is
// undefined. clang marks no end for the temporary (natively the read sees its old bytes), so
// vigil answers unknown, never true.
struct name { char text[32]; };
static struct name make(void) {
  struct name n = {"vigil"};
  return n;
}
int main(void) {
  char *p = make().text;
  return p[0] == 'v' ? 0 : 1;
}
