/*
 * time.c — the clock and waiting: time, clock, sleep, usleep, nanosleep.
 *
 * What the clocks read is unknown to the verifier, so time() and clock() return nondeterministic
 * values — but from a small set, not from the whole domain, so every call marks the path
 * incomplete (VM_FLAG_INCOMPLETE): a program whose verdict depends on the clock can be shown
 * false (for one of the values tried) but never proved true. The values tried:
 *  - time(): at the first call 1767225600 (2026-01-01), 2147483647 and, with a 64-bit time_t,
 *    2147483648 (the 32-bit rollover) — dates a program may run at, so that a `false` found with
 *    one of them can happen natively; later calls the previous value or one second more (the
 *    wall clock usually does not go backwards; going backwards is not explored, which the
 *    incomplete mark covers);
 *  - clock(): CPU time in microseconds, at the first call 0 or 1000, later the previous value,
 *    one more or one second more (it never decreases).
 * time(t) also stores the value in *t when t is not NULL. The values chosen are noted as
 * VM_TRACE_INFO (not VM_ENV_NONDET, which only __VERIFIER_nondet_* values are).
 *
 * sleep, usleep and nanosleep return at once and report a complete sleep (0): a sleep ends early
 * only when a signal handler runs, and the runtime offers no way to install one. nanosleep checks
 * its request as Linux does (a negative tv_sec or a tv_nsec outside [0, 999999999]: -1, EINVAL).
 */
#include "rt.h"

typedef long rt_time_t;
typedef long rt_clock_t;

static int time_started, clock_started;
static rt_time_t last_time;
static rt_clock_t last_clock;

__attribute__((noinline)) static void note_now(const char *fn, int event, long v) {
    char msg[64];
    __vm_control(VM_CTL_ENVIRONMENT, event, v);
    __vigil_format(msg, sizeof msg, "%s() = %ld chosen (the clock is not modelled exactly)", fn, v);
    __vm_trace(VM_TRACE_INFO, msg);
}

static void chosen(const char *fn, int event, long v) {
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_INCOMPLETE, 0);
    if (rt_tracing())
        note_now(fn, event, v);
}

RT_WEAK rt_time_t time(rt_time_t *t) {
    rt_time_t v;
    if (!time_started) {
        int wide = sizeof(rt_time_t) > 4;
        switch (__vm_choose(wide ? 3 : 2)) {
        case 0: v = 1767225600L; break;
        case 1: v = 2147483647L; break;
        default: v = (rt_time_t)(2147483647LL + 1); break;
        }
        time_started = 1;
    } else {
        v = last_time + __vm_choose(2);
    }
    last_time = v;
    chosen("time", VM_ENV_TIME, v);
    if (t)
        *t = v;
    return v;
}

RT_WEAK rt_clock_t clock(void) {
    rt_clock_t v;
    if (!clock_started) {
        v = __vm_choose(2) ? 1000 : 0;
        clock_started = 1;
    } else {
        switch (__vm_choose(3)) {
        case 0: v = last_clock; break;
        case 1: v = last_clock + 1; break;
        default: v = last_clock + 1000000; break;
        }
    }
    last_clock = v;
    chosen("clock", VM_ENV_CLOCK, v);
    return v;
}

RT_WEAK unsigned sleep(unsigned seconds) {
    return 0;
}

RT_WEAK int usleep(unsigned useconds) {
    return 0;
}

RT_WEAK int nanosleep(const struct rt_timespec *req, struct rt_timespec *rem) {
    if (req->tv_sec < 0 || req->tv_nsec < 0 || req->tv_nsec > 999999999L) {
        *__errno_location() = RT_EINVAL;
        return -1;
    }
    return 0;
}
