// expect: true
// decide: explicit
// An uninitialised struct member keeps one value across reads.
extern void reach_error(void);
struct pair { unsigned char a; unsigned char b; };
int main(void) {
  struct pair s;
  s.b = 0;
  if (s.a == 3) s.b = 1;
  if (s.a == 3 && s.b != 1) reach_error();
  return 0;
}
