/*
 * time.c — the clock and waiting: time, clock, clock_gettime, timespec_get, clock_getres, sleep,
 * usleep, nanosleep.
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
 *    one more or one second more (it never decreases);
 *  - clock_gettime(id, ts): per kind of clock, at the first call a start from a small set —
 *    wall clocks (CLOCK_REALTIME and its coarse, alarm and TAI forms) the seconds time() starts
 *    from, monotonic ones 1 or 100000 s since boot, CPU-time ones 0 s — with 0 or 999999999 ns
 *    (0 or 1000 ns for CPU time); later the previous value, one nanosecond more or one second
 *    more (never backwards). An unknown clock id gives -1 with errno EINVAL, as Linux does;
 *    clock ids of other processes' or threads' CPU clocks (negative) are not modelled (EINVAL).
 * time(t) also stores the value in *t when t is not NULL. The values chosen are noted as
 * VM_TRACE_INFO (not VM_ENV_NONDET, which only __VERIFIER_nondet_* values are).
 *
 * With symbolic data (and a 64-bit time_t), time() and clock() read the clock exactly instead:
 * each reading is an input of the path (the VM intercepts __vigil_clock_input, whose own body
 * runs only when nothing is symbolic and says so through *symbolic), over every value the
 * platform can give, so the path is not marked incomplete:
 *  - time(): any second from 0 to 9223372036 at every call, independently of earlier calls.
 *    Linux keeps CLOCK_REALTIME as a signed 64-bit count of nanoseconds (ktime_t), so it cannot
 *    pass 9223372036 s, and refuses to set it before 1970 (settimeofday, clock_settime:
 *    EINVAL for a negative time); the administrator (or NTP) may set it anywhere in between at
 *    any moment, so a later reading may be smaller than an earlier one;
 *  - clock(): the process's CPU time in microseconds, 0 or more at the first call and never less
 *    than the previous reading (CPU time does not go backwards; glibc computes clock() from
 *    CLOCK_PROCESS_CPUTIME_ID, which cannot fail). The harness of a counterexample makes time()
 *    and clock() return the values it saw, as with sampled values;
 *  - clock_gettime(): seconds and nanoseconds (below 10^9), for the wall clocks as time()'s
 *    (within ktime_t's 2^63 - 1 ns), for the monotonic and CPU-time ones from 0 on and never
 *    less than the previous reading of the same kind. (The harness does not give these values
 *    back, as with sampled ones: a violation that depends on them is not confirmed natively.)
 *
 * timespec_get(ts, TIME_UTC) is clock_gettime(CLOCK_REALTIME, ts) returning TIME_UTC (1); glibc
 * 2.36 knows no other base (0, ts untouched). clock_getres gives Linux's resolutions (checked
 * natively): 1 ns for the high-resolution clocks, the tick (1/HZ) for the coarse ones —
 * 4000000 ns on the machine vigil was checked on (HZ = 250), but kernels are built with HZ 100,
 * 250, 300 or 1000, so that answer marks the path incomplete; the alarm clocks answer 1 ns where
 * the machine has a real-time clock device and EINVAL where not (as the machine vigil was checked
 * on): 1 ns, with the path marked incomplete. Unknown ids: -1, EINVAL; negative ids (CPU clocks
 * of a process or thread, many of which Linux accepts): not modelled (unknown). A NULL res is
 * allowed.
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

/* clock_gettime's kinds of clock: wall, monotonic, CPU time. */
enum { KIND_WALL, KIND_MONOTONIC, KIND_CPU, KINDS };
static int kind_started[KINDS];
static struct rt_timespec kind_last[KINDS];

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

/* A reading of a clock as an input of the path (see the comment at the top). Weak and not
 * inlined, so that the call stays in the code for the VM to see. */
RT_WEAK __attribute__((noinline)) long __vigil_clock_input(int *symbolic) {
    *symbolic = 0;
    return 0;
}

/* The greatest second CLOCK_REALTIME can read on Linux: ktime_t's (2^63 - 1) ns. */
#define REALTIME_MAX_SECONDS 9223372036LL

/* A clock reading as an input, when clocks are inputs (symbolic data, 64-bit time_t); *symbolic
 * says whether they are. */
static long clock_input(int *symbolic) {
    *symbolic = sizeof(rt_time_t) == 8;
    return *symbolic ? __vigil_clock_input(symbolic) : 0;
}

RT_WEAK rt_time_t time(rt_time_t *t) {
    rt_time_t v;
    int symbolic;
    long read = clock_input(&symbolic);
    if (symbolic) {
        if (read < 0 || (long long)read > REALTIME_MAX_SECONDS)
            __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_CANCEL, 0);
        v = read;
        if (rt_tracing())
            note_now("time", VM_ENV_TIME, v);
    } else if (!time_started) {
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
    if (!symbolic) {
        last_time = v;
        chosen("time", VM_ENV_TIME, v);
    }
    if (t)
        *t = v;
    return v;
}

RT_WEAK rt_clock_t clock(void) {
    rt_clock_t v;
    int symbolic;
    long read = clock_input(&symbolic);
    if (symbolic) {
        if (read < (clock_started ? last_clock : 0))
            __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_CANCEL, 0);
        clock_started = 1;
        last_clock = read;
        if (rt_tracing())
            note_now("clock", VM_ENV_CLOCK, read);
        return read;
    }
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

/* The kind of clock `id` is, or -1 for an id Linux refuses. */
static int clock_kind(int id) {
    switch (id) {
    case 0: case 5: case 8: case 11: /* REALTIME, REALTIME_COARSE, REALTIME_ALARM, TAI */
        return KIND_WALL;
    case 1: case 4: case 6: case 7: case 9: /* MONOTONIC, _RAW, _COARSE, BOOTTIME, _ALARM */
        return KIND_MONOTONIC;
    case 2: case 3: /* PROCESS_CPUTIME_ID, THREAD_CPUTIME_ID */
        return KIND_CPU;
    default:
        return -1;
    }
}

RT_WEAK int clock_gettime(int id, struct rt_timespec *ts) {
    int kind = clock_kind(id);
    if (kind < 0) {
        *__errno_location() = RT_EINVAL;
        return -1;
    }
    struct rt_timespec v;
    int symbolic;
    long sec = clock_input(&symbolic);
    if (symbolic) {
        long nsec = __vigil_clock_input(&symbolic);
        if (!symbolic) /* the VM took the seconds as an input but not these: 0 is a sample */
            __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_INCOMPLETE, 0);
        int before = kind_started[kind] && (sec < kind_last[kind].tv_sec ||
                                            (sec == kind_last[kind].tv_sec && nsec < kind_last[kind].tv_nsec));
        /* Any reading the clock can give: nanoseconds below 10^9; the realtime clock within
         * ktime_t's range and never before 1970, and possibly set back since the last reading;
         * the monotonic and CPU-time clocks from 0 on and never back. */
        if (sec < 0 || nsec < 0 || nsec > 999999999L ||
            (kind == KIND_WALL && ((long long)sec > REALTIME_MAX_SECONDS ||
                                   ((long long)sec == REALTIME_MAX_SECONDS && nsec > 854775807L))) ||
            (kind != KIND_WALL && before))
            __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_CANCEL, 0);
        v.tv_sec = sec;
        v.tv_nsec = nsec;
        kind_started[kind] = 1;
        kind_last[kind] = v;
        if (rt_tracing())
            note_now("clock_gettime", VM_ENV_CLOCK_GETTIME, sec);
        *ts = v;
        return 0;
    }
    if (!kind_started[kind]) {
        switch (kind) {
        case KIND_WALL:
            switch (__vm_choose(sizeof(long) > 4 ? 3 : 2)) {
            case 0: v.tv_sec = 1767225600L; break;
            case 1: v.tv_sec = 2147483647L; break;
            default: v.tv_sec = (long)(2147483647LL + 1); break;
            }
            v.tv_nsec = __vm_choose(2) ? 999999999L : 0;
            break;
        case KIND_MONOTONIC:
            v.tv_sec = __vm_choose(2) ? 100000 : 1;
            v.tv_nsec = __vm_choose(2) ? 999999999L : 0;
            break;
        default:
            v.tv_sec = 0;
            v.tv_nsec = __vm_choose(2) ? 1000 : 0;
            break;
        }
        kind_started[kind] = 1;
    } else {
        v = kind_last[kind];
        switch (__vm_choose(3)) {
        case 0: break;
        case 1:
            if (++v.tv_nsec == 1000000000L) {
                v.tv_nsec = 0;
                v.tv_sec++;
            }
            break;
        default: v.tv_sec++; break;
        }
    }
    kind_last[kind] = v;
    chosen("clock_gettime", VM_ENV_CLOCK_GETTIME, v.tv_sec);
    *ts = v;
    return 0;
}

RT_WEAK int timespec_get(struct rt_timespec *ts, int base) {
    if (base != 1) /* TIME_UTC */
        return 0;
    clock_gettime(0, ts);
    return base;
}

RT_WEAK int clock_getres(int id, struct rt_timespec *res) {
    if (id < 0) /* another process's or thread's CPU clock: Linux answers for many of these */
        __vigil_fault(VM_FAULT_UNSUPPORTED, "clock_getres of a process's or thread's CPU clock id (negative) is not modelled");
    int kind = clock_kind(id);
    if (kind < 0) {
        *__errno_location() = RT_EINVAL;
        return -1;
    }
    long ns = 1;
    if (id == 5 || id == 6) { /* REALTIME_COARSE, MONOTONIC_COARSE: one tick of the kernel */
        ns = 4000000;
        __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_INCOMPLETE, 0);
        if (rt_tracing())
            __vm_trace(VM_TRACE_INFO, "clock_getres: a coarse clock's resolution is the kernel's tick, taken to be 4 ms (HZ = 250)");
    } else if (id == 8 || id == 9) { /* the alarm clocks: need a real-time clock device */
        __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_INCOMPLETE, 0);
        if (rt_tracing())
            __vm_trace(VM_TRACE_INFO, "clock_getres: an alarm clock is taken to exist (1 ns); machines without a real-time clock answer EINVAL");
    }
    if (res) {
        res->tv_sec = 0;
        res->tv_nsec = ns;
    }
    return 0;
}
