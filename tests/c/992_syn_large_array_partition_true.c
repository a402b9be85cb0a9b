// expect: true
// decide: synergy
// The non-negative ones of 1000 inputs are copied to the front of `bb`: every cell below the
// copy counter `b` is non-negative (`kbb ≥ 4b ∨ gbb ≥s 0`), a range bounded by a register
// that is not the loop's index.
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int aa[1000];
  int bb[1000];
  int a, b = 0, x;
  for (a = 0; a < 1000; a++) aa[a] = __VERIFIER_nondet_int();
  for (a = 0; a < 1000; a++) {
    int v = aa[a];
    if (v >= 0) {
      bb[b] = v;
      b = b + 1;
    }
  }
  for (x = 0; x < b; x++) {
    if (bb[x] < 0) reach_error();
  }
  return 0;
}
