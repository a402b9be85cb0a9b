/*
 * pthread_attrs.c — attribute objects that only record a choice the runtime does not act on,
 * and the calls about scheduling and cancellation that have nothing to do in the VM's model:
 * condition-variable attributes (clock and process-shared), the process-shared attribute of
 * barriers, sched_yield, pthread_setcancelstate and pthread_setcanceltype.
 *
 * Layouts are glibc's 4-byte attribute words: pthread_condattr_t holds process-shared in bit 0
 * and the clock id above it (so an initialised attribute is 0: CLOCK_REALTIME, private);
 * pthread_barrierattr_t holds the process-shared value. Return values are glibc's: EINVAL for a
 * process-shared value other than PTHREAD_PROCESS_PRIVATE (0) and PTHREAD_PROCESS_SHARED (1),
 * and for a clock other than CLOCK_REALTIME (0) and CLOCK_MONOTONIC (1). A process-shared object
 * behaves as a private one: the VM runs one process.
 *
 * Cancellation is not modelled (pthread_cancel is an unknown function), so no thread is ever
 * cancelled and the cancel state and type only need to be remembered per thread for the `old`
 * results: PTHREAD_CANCEL_ENABLE (0) / DISABLE (1), PTHREAD_CANCEL_DEFERRED (0) /
 * ASYNCHRONOUS (1), EINVAL for other values. sched_yield is a scheduling point like every
 * visible action of the thread and returns 0.
 */
#include "os.h"

#define RT_PROCESS_PRIVATE 0
#define RT_PROCESS_SHARED 1
#define RT_CLOCK_REALTIME 0
#define RT_CLOCK_MONOTONIC 1

int pthread_condattr_init(void *attr);
int pthread_condattr_destroy(void *attr);
int pthread_condattr_getpshared(const void *attr, int *pshared);
int pthread_condattr_setpshared(void *attr, int pshared);
int pthread_condattr_getclock(const void *attr, int *clock);
int pthread_condattr_setclock(void *attr, int clock);
int pthread_barrierattr_getpshared(const void *attr, int *pshared);
int pthread_barrierattr_setpshared(void *attr, int pshared);
int pthread_setcancelstate(int state, int *old);
int pthread_setcanceltype(int type, int *old);
int sched_yield(void);

static int valid_pshared(int pshared) {
    return pshared == RT_PROCESS_PRIVATE || pshared == RT_PROCESS_SHARED;
}

RT_WEAK int pthread_condattr_init(void *attr) {
    *(int *)attr = 0;
    return 0;
}

RT_WEAK int pthread_condattr_destroy(void *attr) {
    (void)attr;
    return 0;
}

RT_WEAK int pthread_condattr_getpshared(const void *attr, int *pshared) {
    *pshared = *(const int *)attr & 1;
    return 0;
}

RT_WEAK int pthread_condattr_setpshared(void *attr, int pshared) {
    if (!valid_pshared(pshared))
        return RT_EINVAL;
    *(int *)attr = (*(int *)attr & ~1) | pshared;
    return 0;
}

RT_WEAK int pthread_condattr_getclock(const void *attr, int *clock) {
    *clock = *(const int *)attr >> 1;
    return 0;
}

RT_WEAK int pthread_condattr_setclock(void *attr, int clock) {
    if (clock != RT_CLOCK_REALTIME && clock != RT_CLOCK_MONOTONIC)
        return RT_EINVAL;
    *(int *)attr = (*(int *)attr & 1) | (clock << 1);
    return 0;
}

RT_WEAK int pthread_barrierattr_getpshared(const void *attr, int *pshared) {
    *pshared = *(const int *)attr;
    return 0;
}

RT_WEAK int pthread_barrierattr_setpshared(void *attr, int pshared) {
    if (!valid_pshared(pshared))
        return RT_EINVAL;
    *(int *)attr = pshared;
    return 0;
}

/* Per thread (by the VM's thread index): the cancel state and type, both 0 at the start. */
static unsigned char cancel_state[RT_THREADS_MAX], cancel_type[RT_THREADS_MAX];

static int set_cancel(unsigned char *table, int value, int *old) {
    if (value != 0 && value != 1)
        return RT_EINVAL;
    int t = rt_sched()->current;
    if (old)
        *old = table[t];
    table[t] = (unsigned char)value;
    return 0;
}

RT_WEAK int pthread_setcancelstate(int state, int *old) {
    return set_cancel(cancel_state, state, old);
}

RT_WEAK int pthread_setcanceltype(int type, int *old) {
    return set_cancel(cancel_type, type, old);
}

RT_WEAK int sched_yield(void) {
    return 0;
}
