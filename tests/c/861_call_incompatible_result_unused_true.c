// expect: true
// decide: explicit
// A function returning void called through a type that returns int, the result ignored (what
// an implicitly declared `int swab()` calling glibc's `void swab` compiles to; DIVINE's
// posix/fs/other-02): the result is undefined but never used, so the run goes on; the sibling
// 859 uses the result.
extern void reach_error(void);
typedef int (*IntFun)(int);
static int seen;
static void record(int v) { seen = v; }
int main(void) {
  ((IntFun)record)(7);
  if (seen != 7) reach_error();
  return 0;
}
