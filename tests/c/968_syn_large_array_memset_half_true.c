// expect: true
// decide: synergy
// A zero-initialised local array of 200 cells, its first half set to one by a loop: a cell
// read at an input index below 100 is one (the initialiser's fill, the loop's writes and
// the read all go through the ghost cell).
int __VERIFIER_nondet_int(void);
int main(void) {
  int a[200] = {0};
  int i;
  for (i = 0; i < 100; i++) a[i] = 1;
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 200) return 0;
  if (j < 100 && a[j] == 0) reach_error();
  return 0;
}
