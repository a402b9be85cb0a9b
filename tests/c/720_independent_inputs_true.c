// expect: true
// decide: explicit
// Twelve inputs, each constrained on its own (no branch forks: the other side of every `if` is
// infeasible). The explicit engine keeps them symbolic; each query depends on one input only,
// so it is answered on the slice of the path condition that mentions that input (constraint
// independence) — the answers must be the same as on the whole path condition.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);

int main(void) {
    unsigned int a[12];
    for (int i = 0; i < 12; i++) {
        a[i] = __VERIFIER_nondet_uint() % 1000u;
    }
    for (int i = 0; i < 12; i++) {
        if (a[i] >= 1000u) {
            reach_error();
        }
    }
    // Two inputs linked by one conjunct: the slice of a query about a[1] must take a[0]'s.
    if (a[0] == 7u && a[1] != a[0] + 1u) {
        return 0;
    }
    if (a[0] == 7u && a[1] != 8u) {
        reach_error();
    }
    return 0;
}
