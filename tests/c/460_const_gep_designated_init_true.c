// expect: true
// decide: explicit
// Designated initialisers of nested aggregates make clang emit constant GEPs with the same base
// and indices but different source types (`gep (%struct.X, @foo, 0, 0, 1)` beside
// `gep ([3 x %struct.Y], @foo, 0, 1)`); each must address its own bytes.
extern void reach_error(void);
static void check(int c) { if (!c) reach_error(); }

struct X {
  struct Y { int z; } f[3];
  int g, h;
} foo = { .g = 200, .f[1].z = 100 };

struct Z { int a1, a2, a3, a4, a5; } z = { 10, .a3 = 30, 40 };
static int enable[32] = { 1, [30] = 2, 3 };
int *pg = &foo.g;
int *pf1 = &foo.f[1].z;
int *pa4 = &z.a4;
int *pe = &enable[31];

int main(void) {
  check(foo.f[0].z == 0 && foo.f[1].z == 100 && foo.f[2].z == 0);
  check(foo.g == 200 && foo.h == 0);
  check(z.a1 == 10 && z.a2 == 0 && z.a3 == 30 && z.a4 == 40 && z.a5 == 0);
  check(enable[0] == 1 && enable[30] == 2 && enable[31] == 3);
  check(*pg == 200 && *pf1 == 100 && *pa4 == 40 && *pe == 3);
  check((char *)pg - (char *)&foo == 12 && (char *)pf1 - (char *)&foo == 4);
  return 0;
}
