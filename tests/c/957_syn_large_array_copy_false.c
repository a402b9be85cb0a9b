// expect: false(unreach-call)
// decide: synergy
// 956 with the copy starting past cell 77 (a cell skipped): the global destination keeps
// its zero there while the source's input is not zero.
int __VERIFIER_nondet_int(void);
int dst[128];
int main(void) {
  int src[128];
  int i;
  for (i = 0; i < 128; i++) src[i] = __VERIFIER_nondet_int();
  for (i = 78; i < 128; i++) dst[i] = src[i];
  if (dst[77] != src[77]) reach_error();
  return 0;
}
