// expect: true
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// A local array left uninitialised (any contents), a second array flagging its zero cells,
// then a loop that clears `ok` where a flag disagrees, tested with `&&`: the loop body is
// several locations, and the reads of both cells happen past the head's step. The flag
// relation `k < i ⇒ (z[k] != 0 ⇔ v[k] == 0)` is proven at the first loop; at the second,
// with no write to either array, it holds for every k in the blocks of the body too, and
// `ok == 1` follows.
#define N 30000
void reach_error(void);
int main(void) {
  int v[N];
  int z[N];
  int i;
  for (i = 0; i < N; i++) {
    if (v[i] == 0) z[i] = 1;
    else z[i] = 0;
  }
  int ok = 1;
  for (i = 0; i < N; i++) {
    if (v[i] == 0 && !z[i]) ok = 0;
    if (v[i] != 0 && z[i]) ok = 0;
  }
  if (!ok) reach_error();
  return 0;
}
