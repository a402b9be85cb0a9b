// expect: false(unreach-call)
// decide: explicit
// The sibling of 875: a misaligned read on one path does not hide the error on another.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
unsigned buf[4];
int main(void) {
  int k = __VERIFIER_nondet_int();
  unsigned char *bytes = (unsigned char *)buf;
  if (k == 3)
    reach_error();
  unsigned char *p = k ? bytes + 1 : bytes + 4;
  return (int)*(unsigned *)p;
}
