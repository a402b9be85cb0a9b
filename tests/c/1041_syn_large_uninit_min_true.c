// expect: true
// decide: synergy
// 1040 with `>=`: every cell is at least the minimum of all cells, whatever their values.
// SYNERGY proves it with a quantified invariant over a ghost cell (`∀k < i. a[k] ≥ min`, then
// `∀k. a[k] ≥ min`); uninitialised cells are inputs read once.
#define N 20000
void reach_error(void);
static void check(int cond) { if (!cond) reach_error(); }
int main(void) {
    int a[N];
    int min = 0;
    for (int i = 0; i < N; i++)
        if (a[i] < min)
            min = a[i];
    for (int x = 0; x < N; x++)
        check(a[x] >= min);
    return 0;
}
