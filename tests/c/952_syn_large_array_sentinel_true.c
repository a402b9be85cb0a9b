// expect: true
// decide: synergy
// Inputs fill 199 cells, a sentinel zero the last one: the scan for a zero stops inside the
// array whatever the inputs (the proof needs the sentinel cell, not the others).
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[200];
  int i;
  for (i = 0; i < 199; i++) a[i] = __VERIFIER_nondet_int();
  a[199] = 0;
  for (i = 0; a[i] != 0; i++) {
  }
  if (i > 199) reach_error();
  return 0;
}
