// expect: true
// decide: explicit
// A struct too large for registers is passed by value as a pointer with LLVM's `byval`
// attribute; at -O0 clang hands the callee the caller's own local. The callee's writes go to its
// copy (C11 6.5.2.2p4), so the caller's struct is unchanged. vigil used to let them through.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error(void);

struct big { int a[20]; char tag; };

static int consume(struct big b, int k) {
  int s = 0;
  for (int i = 0; i < 20; i++) {
    b.a[i] += k;
    s += b.a[i];
  }
  b.tag = 'z';
  return s;
}

static struct big bump(struct big b) {
  b.a[19]++;
  return b;
}

int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k <= 3);
  struct big b = { { 0 }, 'a' };
  b.a[19] = 7;
  int s = consume(b, k);
  if (s != 7 + 20 * k)
    reach_error();
  if (b.a[0] != 0 || b.a[19] != 7 || b.tag != 'a')
    reach_error();
  struct big c = bump(b);
  if (c.a[19] != 8 || b.a[19] != 7)
    reach_error();
  return 0;
}
