// expect: true
// decide: explicit
// An uninitialised `_Bool` read: SV-COMP gives it a nondeterministic value of its type, 0 or 1,
// so its read is no `_Bool` holding 2 (1155) and both branches agree with the copy taken first.
// The explicit engine chose every value of the undefined byte, then reported the values 2..255
// as undefined behaviour (unknown, a lost `true` on CBMC's `Empty_struct1` and ESBMC's
// `github_357`); it now chooses the lowest bit only and writes the other bits back as zero.
extern void reach_error(void);
struct flags {
  long n;
  _Bool on;
  _Bool off;
};
int main(void) {
  struct flags f;
  _Bool b, c = b;
  if (b != c)
    reach_error();
  _Bool on = f.on;
  if (on != f.on || (unsigned char)f.on > 1)
    reach_error();
  return 0;
}
