// expect: true
// property: valid-memsafety
// unknown: unsupported
// A long double (x86_fp80) global: its initialiser is not modelled, so its bytes are unknown.
// Reading them must be `unsupported`, never an out-of-bounds access of an empty object.
static long double z = 1.5L;
static int a[2];
int main(void) {
  long double *p = &z;
  unsigned char c = *(unsigned char *)p;
  return a[c & 1];
}
