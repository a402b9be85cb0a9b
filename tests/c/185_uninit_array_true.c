// expect: true
// decide: explicit
// An uninitialised array element keeps one value across reads.
extern void reach_error(void);
int main(void) {
  unsigned char a[3];
  a[0] = 0;
  if (a[2] > 100) a[0] = 1;
  if (a[2] > 100 && a[0] != 1) reach_error();
  if (a[2] <= 100 && a[0] != 0) reach_error();
  return 0;
}
