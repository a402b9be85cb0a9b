// expect: true
// decide: explicit
// signal/raise: a handler runs before raise returns, stays installed (glibc's BSD semantics),
// a signal raised inside its own handler is delivered once after the handler returns, SIG_IGN
// ignores, SIGCHLD's default action is to ignore, and invalid signals fail with EINVAL.
#include <assert.h>
#include <errno.h>
#include <signal.h>

static volatile sig_atomic_t count, depth, max_depth;

static void handler(int sig) {
    assert(sig == SIGUSR1);
    depth++;
    if (depth > max_depth)
        max_depth = depth;
    count++;
    if (count == 1)
        raise(SIGUSR1); /* blocked now: pending until this handler returns */
    depth--;
}

int main(void) {
    assert(signal(SIGUSR1, handler) == SIG_DFL);
    assert(raise(SIGUSR1) == 0);
    assert(count == 2 && max_depth == 1);
    assert(raise(SIGUSR1) == 0 && count == 3);
    assert(signal(SIGUSR1, SIG_IGN) == handler);
    assert(raise(SIGUSR1) == 0 && count == 3);
    assert(raise(SIGCHLD) == 0);
    errno = 0;
    assert(signal(SIGKILL, handler) == SIG_ERR && errno == EINVAL);
    assert(signal(0, handler) == SIG_ERR && raise(-1) == -1);
    return 0;
}
