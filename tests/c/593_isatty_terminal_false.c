// expect: false(unreach-call)
// decide: explicit
// A program that misbehaves only when its output is a terminal: isatty(1) may answer 1, so the
// error is reachable (a native run has no terminal, so it is not confirmed natively).
#include <unistd.h>

extern void reach_error(void);

int main(void) {
    if (isatty(STDOUT_FILENO))
        reach_error();
    return 0;
}
