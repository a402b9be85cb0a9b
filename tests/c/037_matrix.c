// expect: true
// Two-dimensional arrays: GEPs with two variable indices.
int m[4][5];
int main(void) {
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++) m[i][j] = i * 10 + j;
  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 4 && j >= 0 && j < 5);
  if (m[i][j] != i * 10 + j) reach_error();
  return 0;
}
