// expect: false(unreach-call)
// decide: explicit
// As 613, with the last check inverted: the sum is right, so the error is reached. Packed
// structs passed and returned by value as i40 and i24 must keep their values and their
// neighbours' (a load or store of iN touches ceil(N/8) bytes).
extern void reach_error(void);
#pragma pack(push, 1)
struct S3 { unsigned char a, b, c; };
struct S5 { int x; signed char y; };
struct Outer { struct S5 s; unsigned char tail[3]; struct S3 t; unsigned char after; };
#pragma pack(pop)
static struct S5 make5(int x, int y) { struct S5 r = { x, (signed char)y }; return r; }
static struct S3 make3(int a) { struct S3 r = { (unsigned char)a, (unsigned char)(a + 1), (unsigned char)(a + 2) }; return r; }
static int sum5(struct S5 s) { return s.x + s.y; }
static int sum3(struct S3 s) { return s.a + s.b + s.c; }
static const struct Outer g = { { 7, -3 }, { 1, 2, 3 }, { 10, 20, 30 }, 99 };
int main(void) {
    struct Outer o;
    o.tail[0] = 11; o.tail[1] = 12; o.tail[2] = 13; o.after = 77;
    o.s = make5(100000, -5);
    o.t = make3(40);
    int v = sum5(o.s) + sum3(o.t) + sum5(g.s) + sum3(g.t) + g.after + g.tail[2];
    if (o.tail[0] != 11 || o.tail[2] != 13 || o.after != 77) reach_error();
    if (v == 100000 - 5 + 40 + 41 + 42 + 4 + 60 + 99 + 3) reach_error();
    return 0;
}
