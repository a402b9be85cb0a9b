// expect: false(unreach-call)
// decide: synergy
// flags: -C synergy.test_step_bound=10000
// As 1034 with the array read from inputs, and the second check tests the flag the wrong
// way round: any non-zero input clears `ok`.
#define N 20000
int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int v[N];
  int z[N];
  int i;
  for (i = 0; i < N; i++) v[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++) {
    if (v[i] == 0) z[i] = 1;
    else z[i] = 0;
  }
  int ok = 1;
  for (i = 0; i < N; i++) {
    if (v[i] == 0 && !z[i]) ok = 0;
    if (v[i] != 0 && !z[i]) ok = 0;
  }
  if (!ok) reach_error();
  return 0;
}
