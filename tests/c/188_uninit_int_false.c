// expect: false(unreach-call)
// decide: explicit
// The error needs the uninitialised x to differ from 12345: true of every value but one (so a
// native run, whatever garbage x holds, reaches it too).
extern void reach_error(void);
int main(void) {
  int x;
  if (x != 12345) reach_error();
  return 0;
}
