// expect: false(unreach-call)
// decide: explicit
// The error needs the uninitialised c to be 200: one of its 256 values.
extern void reach_error(void);
int main(void) {
  unsigned char c;
  if (c == 200) reach_error();
  return 0;
}
