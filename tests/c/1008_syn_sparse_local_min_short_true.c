// expect: true
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// A local array of 20000 shorts, never written: its cells are indeterminate (every read
// any value; the tests read 0, the sparse map's default). Its running minimum bounds
// every cell from below: `∀k < i. v[k] ≥ low`, then for every cell.
#define N 20000
void reach_error(void);
int main(void) {
  short v[N];
  short low = 0;
  int i;
  for (i = 0; i < N; i++) {
    if (v[i] < low) low = v[i];
  }
  for (i = 0; i < N; i++) {
    if (v[i] < low) reach_error();
  }
  return 0;
}
