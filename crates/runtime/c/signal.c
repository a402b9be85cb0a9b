/*
 * signal.c — signal and raise: signals a program sends itself, with handlers that run.
 *
 * Model (glibc 2.36 on Linux, checked natively by tests/native and tests/c 584-585):
 *  - signal(sig, h) installs h with BSD semantics, as glibc's signal() does (sigaction with
 *    SA_RESTART, no SA_RESETHAND): the handler stays installed after it ran, and the signal is
 *    blocked while its handler runs. It returns the previous disposition (SIG_DFL at start).
 *    sig outside 1..64, SIGKILL, SIGSTOP, and glibc's internal signals 32 and 33 give SIG_ERR
 *    with errno EINVAL;
 *  - raise(sig) delivers sig before it returns: a handler is called with sig; SIG_IGN does
 *    nothing; the default action ignores SIGCHLD, SIGCONT, SIGURG and SIGWINCH and ends the
 *    program for every other signal, as abort() does (an end of the path, not a property
 *    violation — SV-COMP treats abort the same way). raise(0) does nothing and returns 0; a
 *    number outside 0..64 gives -1 with errno EINVAL. A raise of a signal whose handler is
 *    running (blocked) is held pending and delivered once, when the handler returns;
 *  - the stop signals' default action (SIGTSTP, SIGTTIN, SIGTTOU: the process stops until
 *    someone sends SIGCONT) and raising the internal signals 32 and 33 are not modelled: they
 *    raise VM_FAULT_UNSUPPORTED, so the verdict is `unknown`, never wrong;
 *  - abort() raises SIGABRT first (unblocked), so a SIGABRT handler runs, as in glibc, and
 *    only then ends the program (__vigil_abort_signal).
 * Only signals the program raises itself exist: no signal arrives from outside (a SIGINT from a
 * terminal, a SIGALRM from alarm()), so a verdict holds for runs in which none arrives. The
 * dispositions are global program state (one process; threads share them, as POSIX says).
 */
#include "rt.h"

#define NSIG_MAX 64
#define SIG_DFL_V ((rt_sighandler)0)
#define SIG_IGN_V ((rt_sighandler)1)
#define SIG_ERR_V ((rt_sighandler)-1)

#define SIGABRT_N 6
#define SIGKILL_N 9
#define SIGCHLD_N 17
#define SIGCONT_N 18
#define SIGSTOP_N 19
#define SIGTSTP_N 20
#define SIGTTIN_N 21
#define SIGTTOU_N 22
#define SIGURG_N 23
#define SIGWINCH_N 28

static rt_sighandler handlers[NSIG_MAX + 1];
/* Bit sig - 1: sig's handler is running (the signal is blocked) / sig arrived meanwhile. */
static unsigned long long blocked, pending;

static int internal(int sig) {
    return sig == 32 || sig == 33;
}

RT_WEAK rt_sighandler signal(int sig, rt_sighandler handler) {
    if (sig < 1 || sig > NSIG_MAX || sig == SIGKILL_N || sig == SIGSTOP_N || internal(sig)) {
        *__errno_location() = RT_EINVAL;
        return SIG_ERR_V;
    }
    rt_sighandler old = handlers[sig];
    handlers[sig] = handler;
    return old;
}

static void default_action(int sig) {
    switch (sig) {
    case SIGCHLD_N:
    case SIGCONT_N:
    case SIGURG_N:
    case SIGWINCH_N:
        return;
    case SIGTSTP_N:
    case SIGTTIN_N:
    case SIGTTOU_N:
        __vigil_fault(VM_FAULT_UNSUPPORTED, "raise of a stop signal (the process would stop)");
        return;
    default:
        if (rt_tracing()) {
            char msg[48];
            __vigil_format(msg, sizeof msg, "raise(%d): the default action ends the program", sig);
            __vm_trace(VM_TRACE_INFO, msg);
        }
        __vigil_stop();
    }
}

/* What glibc 2.36's abort() does before the process ends: SIGABRT is unblocked and raised, so
 * that a handler the program installed runs (it may return, raise again, call exit, or leave by
 * longjmp, and then abort does not end the program); when it returns, the disposition is reset
 * to the default, and abort raises SIGABRT again, which ends the process (the caller's part). */
RT_WEAK void __vigil_abort_signal(void) {
    unsigned long long bit = 1ULL << (SIGABRT_N - 1);
    if (handlers[SIGABRT_N] == SIG_DFL_V)
        return; /* the default action: abort ends the program itself */
    blocked &= ~bit;
    raise(SIGABRT_N);
    handlers[SIGABRT_N] = SIG_DFL_V;
}

RT_WEAK int raise(int sig) {
    if (sig < 0 || sig > NSIG_MAX) {
        *__errno_location() = RT_EINVAL;
        return -1;
    }
    if (sig == 0)
        return 0;
    if (internal(sig)) {
        __vigil_fault(VM_FAULT_UNSUPPORTED, "raise of glibc's internal signal 32 or 33");
        return 0;
    }
    unsigned long long bit = 1ULL << (sig - 1);
    if (blocked & bit) {
        pending |= bit;
        return 0;
    }
    do {
        pending &= ~bit;
        rt_sighandler h = handlers[sig];
        if (h == SIG_IGN_V)
            return 0;
        if (h == SIG_DFL_V) {
            default_action(sig);
            return 0;
        }
        blocked |= bit;
        h(sig);
        blocked &= ~bit;
    } while (pending & bit);
    return 0;
}
