// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit synergy
// A write into a string literal (C11 6.4.5p7: undefined). The platform keeps literals in
// read-only pages, so the native run faults (SIGSEGV), and ESBMC reports "write access to
// string constant": an invalid dereference. Synergy answered `true` here (its cells were
// writable).
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *s = "abc";
  if (__VERIFIER_nondet_int())
    s[1] = 'x';
  return s[0] == 'a' ? 0 : 1;
}
