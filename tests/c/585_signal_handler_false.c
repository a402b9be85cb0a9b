// expect: false(unreach-call)
// decide: explicit
// A SIGALRM handler the program raises itself sets a flag; the error is reached only because the
// handler ran before raise returned.
#include <signal.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static volatile sig_atomic_t fired;

static void on_alarm(int sig) {
    fired = sig;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    signal(SIGALRM, on_alarm);
    if (n == 3)
        raise(SIGALRM);
    if (fired == SIGALRM)
        reach_error();
    return 0;
}
