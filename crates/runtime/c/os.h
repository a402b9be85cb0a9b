/*
 * os.h — the scheduler state shared by the OS (os.c) and the thread library (pthread.c).
 *
 * Invariants: the scheduler state is one heap object (the root of the persistent state besides
 * the globals), reached through VM_CR_STATE; threads[k] describes the k-th thread created (main
 * is 0; its pthread_t is derived from k, pthread.c); a thread's `frame` is its top frame whenever it does not run, and NULL once it has ended.
 */
#ifndef VIGIL_OS_H
#define VIGIL_OS_H

#include "rt.h"

/* Largest number of threads a program may create (each one grows every stored state; the
 * scheduler's ready set is a 64-bit mask). Slots are not reused, so a program that creates more
 * in its whole run, even one at a time, meets a limit of vigil's and not glibc's: the path ends
 * as unknown (VM_FAULT_UNSUPPORTED), never with an EAGAIN that glibc would not give. */
#define RT_THREADS_MAX 64

#define RT_THREAD_RUNNING 0 /* may be scheduled (possibly waiting in a loop of its own) */
#define RT_THREAD_ENDED 1   /* returned from its start routine or called pthread_exit */

/* What a waiting thread waits for: until the int at wait_addr is equal to (RT_WAIT_EQ), differs
 * from (RT_WAIT_NE) or is at least (RT_WAIT_GE, signed) wait_value. The scheduler runs only
 * threads that do not wait or whose condition holds (rt_ready); when every thread that has not
 * ended waits, it raises VM_FAULT_DEADLOCK. Invariant: a waiting loop of the thread library
 * exits exactly when rt_ready holds for the condition it set (so blocking a thread hides none of
 * its behaviours), and the loop sets and clears the condition inside the atomic section in
 * which it tests it. */
#define RT_WAIT_NONE 0
#define RT_WAIT_EQ 1
#define RT_WAIT_NE 2
#define RT_WAIT_GE 3

/* One thread of the program. */
struct rt_thread {
    void *frame;           /* the top frame of the thread while it is not running */
    int state;             /* RT_THREAD_* */
    int detached;          /* pthread_detach was called */
    void *(*start)(void *); /* start routine (NULL for main); its argument is not kept here */
    void *result;          /* what the thread returned or passed to pthread_exit, until it is
                            * joined (NULL for a detached thread: nobody can take it) */
    int wait;              /* RT_WAIT_* */
    int wait_value;
    const int *wait_addr;
    void **specific;       /* thread-specific data (pthread_key_*), NULL until set */
    void *cleanup;         /* innermost pthread_cleanup_push buffer (pthread.c), NULL if none */
    int c11;               /* made by thrd_create: start returns int */
    int joined_at;         /* 1 + the number of threads when pthread_join returned it, else 0 */
    int round_flags;       /* its rounding direction (RT_ROUND_FLAGS bits; fesetround) */
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

/* Runs the destructors of the running thread's thread-specific data (pthread_key.c). */
void __vigil_key_destructors(void);

/* Whether thread t may run: it has not ended and does not wait, or its condition holds. */
static inline int rt_ready(const struct rt_thread *t) {
    if (t->state != RT_THREAD_RUNNING)
        return 0;
    switch (t->wait) {
    case RT_WAIT_EQ:
        return *t->wait_addr == t->wait_value;
    case RT_WAIT_NE:
        return *t->wait_addr != t->wait_value;
    case RT_WAIT_GE:
        return *t->wait_addr >= t->wait_value;
    default:
        return 1;
    }
}

/* The running thread's entry. */
static inline struct rt_thread *rt_self(void) {
    struct rt_sched *s = rt_sched();
    return &s->threads[s->current];
}

/* Sets (how != RT_WAIT_NONE) or clears the running thread's wait condition (see RT_WAIT_*). */
static inline void rt_set_wait(int how, const void *addr, int value) {
    struct rt_thread *t = rt_self();
    t->wait = how;
    t->wait_addr = addr;
    t->wait_value = value;
}

#endif
