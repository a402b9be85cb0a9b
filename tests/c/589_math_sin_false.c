// expect: false(unreach-call)
// decide: explicit
// The error is reached only for the input whose sine exceeds 0.99 (c = 14: sin 14 = 0.99061):
// the runtime's sin gives glibc's value, so the counterexample reproduces natively.
#include <math.h>

extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
    char c = __VERIFIER_nondet_char();
    if (c >= 0 && c < 20 && sin(c) > 0.99)
        reach_error();
    return 0;
}
