// expect: true
// A copy of an uninitialised struct has the same bytes as the original. vigil does not keep the
// two equal when they are read (copies carry undefined bytes, reads choose values), so it must
// not report the error below: after a copy of undefined bytes, a violation that follows a read
// of undefined memory is not reported as false.
extern void reach_error(void);
struct s { unsigned char a; unsigned char b; };
int main(void) {
  struct s x;
  x.b = 1;
  struct s y = x;
  if (y.a != x.a) reach_error();
  return 0;
}
