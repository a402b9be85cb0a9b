// expect: true
// decide: synergy
// A loop writes the parity of each index into 500 cells, a second loop checks every cell at
// a variable index: the proof needs the quantified invariant `∀k < i. a[k] == k % 2`,
// stated on the array's ghost cell and instantiated at the second loop's reads.
int main(void) {
  unsigned a[500];
  unsigned i;
  for (i = 0; i < 500; i++) a[i] = i % 2;
  for (i = 0; i < 500; i++) {
    if (i % 2 == 0) {
      if (a[i] != 0) reach_error();
    } else {
      if (a[i] != 1) reach_error();
    }
  }
  return 0;
}
