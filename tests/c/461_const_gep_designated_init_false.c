// expect: false(unreach-call)
// decide: explicit
// As 460, but one check is wrong: `foo.f[2].z` is zero, not 100. Confusing the constant GEPs of
// `foo.f[1]` (offset 4) and `foo.g` (offset 12) would hide or move the failure.
extern void reach_error(void);
static void check(int c) { if (!c) reach_error(); }

struct X {
  struct Y { int z; } f[3];
  int g, h;
} foo = { .g = 200, .f[1].z = 100 };
int *pg = &foo.g;
int *pf1 = &foo.f[1].z;

int main(void) {
  check(foo.f[1].z == 100 && foo.g == 200 && *pg == 200 && *pf1 == 100);
  check(foo.f[2].z == 100);
  return 0;
}
