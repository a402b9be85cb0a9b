// expect: true
// property: unreach-call
// An input converted to a pointer and back (a thread argument or a buffer slot that carries
// an integer, as SV-COMP's bounded_buffer does) is not undefined behaviour: only using it as an
// address would be (C11 6.3.2.3p5). The round trip gives the value back on x86-64.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static void *slot;
int main(void) {
  int ch = __VERIFIER_nondet_int();
  if (ch < 0 || ch > 3) return 0;
  slot = (void *)(long)ch;
  int back = (int)(long)slot;
  if (back != ch) reach_error();
  return 0;
}
