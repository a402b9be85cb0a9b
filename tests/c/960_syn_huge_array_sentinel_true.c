// expect: true
// decide: synergy
// A sentinel scan over 10000 elements, past the tests' shadow cells (8192 in all): a test
// ends where the scan reads the array, and the proof needs only the sentinel cell and the
// counter (the cells an input-bounded loop fills, and the others, are never named).
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[10000];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 9999) return 0;
  int i;
  for (i = 0; i < n; i++) a[i] = 1;
  a[9999] = 0;
  for (i = 0; a[i] != 0; i++) {
  }
  if (i > 9999) reach_error();
  return 0;
}
