// expect: unknown(write to constant memory)
// decide: explicit synergy
// unknown: undefined
// 810 under unreach-call: the write into the literal is undefined behaviour that no
// unreach-call violation covers, so no engine may answer `true` (synergy did).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char *s = "abc";
  if (__VERIFIER_nondet_int())
    s[1] = 'x';
  if (s[0] != 'a')
    reach_error();
  return 0;
}
