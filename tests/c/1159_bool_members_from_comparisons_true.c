// expect: true
// decide: explicit
// flags: --symbolic always
// `_Bool` members assigned from comparisons of symbolic inputs hold 0 or 1, so their reads
// (each checked for a value other than 0 or 1, see 1155) are defined: the check must not make
// the program unknown, and the solver settles it without a query (the stored byte is a
// zero-extended bit).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
struct flags {
  _Bool big;
  _Bool odd;
  int n;
};
struct flags g;
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  g.n = __VERIFIER_nondet_int();
  g.big = c > 100;
  g.odd = g.n % 2 != 0;
  int count = 0;
  for (int i = 0; i < 4; i++)
    if (g.big)
      count++;
  if (g.big && count != 4)
    reach_error();
  if (c <= 100 && g.big)
    reach_error();
  if (g.odd && g.n % 2 == 0)
    reach_error();
  return 0;
}
