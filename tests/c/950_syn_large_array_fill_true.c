// expect: true
// decide: synergy
// A loop fills an array of 300 elements, more than SYNERGY names cell by cell; the cell the
// check reads at a constant index is tracked, the others are forgotten by the proof.
int main(void) {
  int a[300];
  int i;
  for (i = 0; i < 300; i++) a[i] = 3 * i + 1;
  if (a[250] != 751) reach_error();
  return 0;
}
