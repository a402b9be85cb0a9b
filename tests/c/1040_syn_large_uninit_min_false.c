// expect: false(unreach-call)
// decide: synergy
// A local array of 20000 cells that is never written: every cell read is uninitialised, which
// SV-COMP reads as a nondeterministic value kept once chosen. With all cells 0 the minimum is 0
// and no cell is strictly above it. SYNERGY's test finds that at once; the VM's confirmation
// then reads 20000 uninitialised cells, each a choice. A search that stores every state after
// such a read copies the array each time (20000 cells × 40000 states: 8 GiB, the memory limit);
// the stateless dive before the confirming search runs the vector once, in place.
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
        check(a[x] > min);
    return 0;
}
