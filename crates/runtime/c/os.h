/*
 * os.h — the scheduler state shared by the OS (os.c) and the thread library (pthread.c).
 *
 * Invariants: the scheduler state is one heap object (the root of the persistent state besides
 * the globals), reached through VM_CR_STATE; threads[k] describes the thread whose pthread_t is
 * k; a thread's `frame` is its top frame whenever it does not run, and NULL once it has ended.
 */
#ifndef VIGIL_OS_H
#define VIGIL_OS_H

#include "rt.h"

#define RT_THREAD_RUNNING 0 /* may be scheduled (possibly waiting in a loop of its own) */
#define RT_THREAD_ENDED 1   /* returned from its start routine or called pthread_exit */

/* One thread of the program. */
struct rt_thread {
    void *frame;           /* the top frame of the thread while it is not running */
    int state;             /* RT_THREAD_* */
    int detached;          /* pthread_detach was called */
    void *(*start)(void *); /* start routine and argument (NULL for main) */
    void *arg;
    void *result;          /* what the thread returned or passed to pthread_exit */
};

/* The scheduler state: a header and the thread table in one object (one object fewer in every
 * stored state than a separate table), grown with __vm_obj_resize when threads are added. */
struct rt_sched {
    int nthreads;
    int current; /* the thread that runs (or ran last) */
    struct rt_thread threads[];
};

static inline struct rt_sched *rt_sched(void) {
    return __vm_ctl_get(VM_CR_STATE);
}

#endif
