/*
 * pthread.c — threads and mutexes on top of the OS's thread table (os.h): pthread_create, _join,
 * _exit, _self, _equal, _detach, the thread attributes (pthread_attr_*), cleanup handlers
 * (pthread_cleanup_push/_pop, see __pthread_register_cancel below), and
 * pthread_mutex_init/_destroy/_lock/_trylock/_unlock.
 *
 * Thread attributes live in the first bytes of glibc's pthread_attr_t (struct rt_attr, 40 bytes
 * of the 56 on LP64, 28 of the 36 on ILP32). Every setter validates as glibc does (checked
 * natively: EINVAL for an unknown detach state, scope, inheritance or policy, a stack below
 * PTHREAD_STACK_MIN, or a priority outside the policy's range; ENOTSUP for
 * PTHREAD_SCOPE_PROCESS) and every getter returns what was set, or glibc's default (joinable,
 * system scope, inherited scheduling, SCHED_OTHER with priority 0, an 8 MiB stack, a 4 KiB guard).
 * Only the detach state changes what a thread does: a thread created detached cannot be joined.
 * Joining or detaching a detached thread is undefined behaviour (POSIX; glibc returns EINVAL only
 * when it happens to notice): vigil raises VM_FAULT_INVALID_ARG, which ends the path as unknown,
 * never `true` (README, "undefined behaviour inside libc").
 *
 * Threads: pthread_create adds an entry to the scheduler state and a frame for
 * __vigil_thread_start (made with __vm_frame_make, so the VM has nothing to learn about threads),
 * and sets VM_FLAG_THREADED: from then on every access the loader marked as possibly shared is a
 * visible action and the scheduler may switch threads before each. Entries are never reused. A
 * pthread_t is not the index of the thread in the table but, as in glibc (where it is the
 * address of the thread's descriptor), a value that is never 0 — programs use 0 as "no
 * thread" — and far from small integers: thread k's ID is RT_THREAD_ID_BASE - k *
 * RT_THREAD_ID_STRIDE (main's, k = 0, is an address like the one of glibc's main thread
 * descriptor; the others lie below, as the descriptors at the top of their mmap'ed stacks do).
 * A value that names no thread gives ESRCH.
 *
 * Waiting (pthread_join on a running thread, pthread_mutex_lock on a held mutex, a condition
 * variable, pthread_once) is a loop that tests the condition in an atomic section and, when it
 * must wait, sets the thread's wait condition there (os.h) and calls __vm_interrupt_cfl(): the
 * transition ends, and the scheduler runs the thread again only once the condition holds. When
 * every live thread waits, the scheduler reports a deadlock (os.c). Timed waits never block: the
 * timeout is a nondeterministic choice each time the thread runs.
 *
 * Mutexes use the first int of glibc's pthread_mutex_t (zero for PTHREAD_MUTEX_INITIALIZER): 0
 * free, k + 1 held by thread k; the second counts the extra levels of a recursive mutex, and
 * glibc's __kind field says the kind (pthread_mutexattr_settype: normal, recursive,
 * error-checking, adaptive). Taking and releasing happen inside an atomic section (one visible
 * action). Error-checking and recursive mutexes give glibc's EDEADLK and EPERM; misuse of the
 * others — unlocking a mutex one does not hold, destroying a held one, relocking one already
 * held (a self-deadlock) — raises VM_FAULT_INVALID_ARG.
 *
 * Condition variables follow glibc's two groups of waiters (pthread_cond_wait.c): G1, the
 * waiters that signals go to, and G2, the waiters that came since; a signal when G1 has no waiter
 * left to signal turns G2 into G1 first. The state lives in the first five unsigned of glibc's
 * pthread_cond_t (all zero for PTHREAD_COND_INITIALIZER; struct rt_cond): G2's number (a waiter
 * notes it; G1's waiters are those that noted a smaller one), G1's waiters not signalled yet, the
 * wake-ups signalled to G1 and not yet taken, G2's waiters, and the signals deferred until G1 has
 * taken its wake-ups (glibc's signaller waits for that before switching groups). A wake-up goes to
 * any G1 waiter; pthread_cond_broadcast gives one to every blocked waiter. So a signal wakes one
 * waiter, not a later one, as glibc's does, and a program that signals where it should
 * broadcast keeps the others blocked (a deadlock when nothing signals again). A waiter may also
 * wake up spuriously (see cond_wait). *
 * pthread_once uses glibc's pthread_once_t (an int, 0 for PTHREAD_ONCE_INIT): 0 not run yet,
 * 1 running, 2 done. The first caller marks it running (in an atomic section) and runs the
 * routine; every other caller waits until it is done, so no caller returns before the routine
 * has finished, as POSIX requires.
 *
 * Semaphores, barriers, read-write locks and spinlocks are in pthread_sync.c, thread-specific
 * data in pthread_key.c, C11 <threads.h> in threads.c. Not offered (calls stay unknown external
 * functions, so the verdict is unknown): cancellation; robust and priority mutexes fault.
 */
#include "os.h"

typedef unsigned long pthread_t;
/* Thread IDs (see the header): main's and the distance between two threads'. */
#define RT_THREAD_ID_BASE (sizeof(void *) == 8 ? (pthread_t)0x7ffff7d86740ULL : (pthread_t)0xf7d86740UL)
#define RT_THREAD_ID_STRIDE ((pthread_t)0x801000)
/* glibc's pthread_mutex_t begins with __lock (here: 0 free, k + 1 held by thread k) and __count
 * (the extra levels of a recursive mutex); __kind is int 4 on LP64, int 3 on ILP32. */
typedef struct { int word; unsigned count; } rt_mutex;
#define RT_KIND_INDEX (sizeof(void *) == 8 ? 4 : 3)
/* glibc's PTHREAD_MUTEX_* kinds. */
#define RT_MUTEX_NORMAL 0
#define RT_MUTEX_RECURSIVE 1
#define RT_MUTEX_ERRORCHECK 2
#define RT_MUTEX_ADAPTIVE 3
#define RT_MUTEX_KIND_MASK 3
typedef struct {
    unsigned g2;        /* G2's number */
    unsigned g1_left;   /* G1's waiters without a wake-up */
    unsigned pending;   /* wake-ups given to G1's waiters, not yet taken */
    unsigned g2_count;  /* G2's waiters */
    unsigned deferred;  /* signals for G2, once G1 has taken its wake-ups (at most g2_count) */
} rt_cond;
_Static_assert(sizeof(rt_cond) <= 48, "the condition variable fits in glibc's pthread_cond_t");

int pthread_create(pthread_t *thread, const void *attr, void *(*start)(void *), void *arg);
int __vigil_thread_create(pthread_t *thread, int detached, void *(*start)(void *), void *arg, int c11);
int pthread_join(pthread_t thread, void **result);
RT_NORETURN void pthread_exit(void *result);
pthread_t pthread_self(void);
int pthread_equal(pthread_t a, pthread_t b);
int pthread_detach(pthread_t thread);
struct rt_sched_param { int sched_priority; };
int pthread_attr_init(void *attr);
int pthread_attr_destroy(void *attr);
int pthread_attr_setschedparam(void *attr, const struct rt_sched_param *param);
int pthread_attr_getschedparam(const void *attr, struct rt_sched_param *param);
int pthread_once(int *once, void (*init)(void));
int pthread_mutex_init(void *mutex, const void *attr);
int pthread_mutex_destroy(void *mutex);
int pthread_mutex_lock(void *mutex);
int pthread_mutex_trylock(void *mutex);
int pthread_mutex_unlock(void *mutex);
int pthread_mutexattr_init(void *attr);
int pthread_mutexattr_destroy(void *attr);
int pthread_mutexattr_settype(void *attr, int kind);
int pthread_mutexattr_gettype(const void *attr, int *kind);
int pthread_cond_init(void *cond, const void *attr);
int pthread_cond_destroy(void *cond);
int pthread_cond_wait(void *cond, void *mutex);
int pthread_cond_timedwait(void *cond, void *mutex, const void *abstime);
int pthread_mutex_timedlock(void *mutex, const void *abstime);
int pthread_cond_signal(void *cond);
int pthread_cond_broadcast(void *cond);
void __vigil_thread_start(void *(*start)(void *), void *arg, long c11);
RT_NORETURN static void exit_thread(void *result, int returned);

#define RT_EPERM 1
#define RT_EAGAIN 11
#define RT_EBUSY 16
#define RT_ESRCH 3
#define RT_EDEADLK 35
#define RT_ENOTSUP 95
#define RT_ETIMEDOUT 110

/* glibc's values of the attribute constants. */
#define RT_CREATE_JOINABLE 0
#define RT_CREATE_DETACHED 1
#define RT_SCOPE_SYSTEM 0
#define RT_SCOPE_PROCESS 1
#define RT_INHERIT_SCHED 0
#define RT_EXPLICIT_SCHED 1
#define RT_SCHED_OTHER 0
#define RT_SCHED_FIFO 1
#define RT_SCHED_RR 2
#define RT_STACK_MIN 16384
#define RT_STACK_DEFAULT (8UL << 20)
#define RT_GUARD_DEFAULT 4096UL

/* The attributes inside a pthread_attr_t (see the header). */
struct rt_attr {
    int detachstate;
    int scope;
    int inheritsched;
    int schedpolicy;
    int schedpriority;
    size_t stacksize;
    size_t guardsize;
};
_Static_assert(sizeof(struct rt_attr) <= (sizeof(void *) == 8 ? 56 : 36),
               "the attributes fit in glibc's pthread_attr_t");

#define atomic_begin rt_atomic_begin
#define atomic_end rt_atomic_end

/* The ID of the thread at `index` in the table, and back: the index of the thread `id` names,
 * or RT_THREADS_MAX (which no table entry has) for a value that is no thread's ID. */
static pthread_t thread_id(int index) {
    return RT_THREAD_ID_BASE - (pthread_t)index * RT_THREAD_ID_STRIDE;
}

static pthread_t thread_index(pthread_t id) {
    pthread_t below = RT_THREAD_ID_BASE - id;
    if (id > RT_THREAD_ID_BASE || below % RT_THREAD_ID_STRIDE || below / RT_THREAD_ID_STRIDE >= RT_THREADS_MAX)
        return RT_THREADS_MAX;
    return below / RT_THREAD_ID_STRIDE;
}

/* The body of every thread but main: run the start routine, then end as pthread_exit does. */
/* The start routine and its argument come as the frame's own arguments (no read of the thread
 * table, which is shared: one visible action fewer per thread). */
RT_WEAK void __vigil_thread_start(void *(*start)(void *), void *arg, long c11) {
    /* A C11 thread's start routine returns int (threads.c). */
    void *result = c11 ? (void *)(long)((int (*)(void *))(void (*)(void))start)(arg) : start(arg);
    exit_thread(result, 1);
}

RT_WEAK int pthread_create(pthread_t *thread, const void *attr, void *(*start)(void *), void *arg) {
    int detached = attr && ((const struct rt_attr *)attr)->detachstate == RT_CREATE_DETACHED;
    return __vigil_thread_create(thread, detached, start, arg, 0);
}

RT_WEAK int __vigil_thread_create(pthread_t *thread, int detached, void *(*start)(void *), void *arg, int c11) {
    int atomic = atomic_begin();
    struct rt_sched *s = rt_sched();
    int n = s->nthreads;
    if (n == RT_THREADS_MAX) {
        atomic_end(atomic);
        __vigil_fault(VM_FAULT_UNSUPPORTED, "more than 64 threads created (the runtime's thread table)");
        return RT_EAGAIN;
    }
    __vm_obj_resize(s, sizeof(struct rt_sched) + (unsigned long)(n + 1) * sizeof(struct rt_thread));
    struct rt_thread *t = &s->threads[n];
    t->state = RT_THREAD_RUNNING;
    t->detached = detached;
    t->start = start;
    t->result = NULL;
    t->wait = RT_WAIT_NONE;
    t->wait_addr = NULL;
    t->specific = NULL;
    t->cleanup = NULL;
    t->c11 = c11;
    t->joined_at = 0;
    /* POSIX: a new thread starts with its creator's floating-point environment. */
    t->round_flags = s->threads[s->current].round_flags;
    /* The argument is handed to another thread: what it points to is shared. It is not kept in
     * the thread table, which would keep it reachable for good: once the start routine has
     * dropped it, memory only it pointed to is lost (natively too: glibc's copy in the thread
     * descriptor is no root for LeakSanitizer). */
    __vm_obj_shared(arg);
    t->frame = __vm_frame_make((const void *)__vigil_thread_start, 3, start, arg, (long)c11);
    s->nthreads = n + 1;
    *thread = thread_id(n);
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_THREADED, 0);
    atomic_end(atomic);
    return 0;
}

/* Ends the running thread with `result`, as pthread_exit does once the cleanup handlers ran. */
RT_NORETURN static void end_thread(void *result) {
    /* Thread-specific data's destructors run first, in the thread (pthread_key.c). */
    __vigil_key_destructors();
    /* From here to the end of the thread is one atomic step. Before, the section ended after the
     * state was set and the table's write of the frame came after it: a transition could end
     * there, and as an ended thread is never scheduled again, its stack stayed in the table for
     * good (its locals alive, the memory they pointed to reachable). The VM leaves the section
     * when the thread ends (VM_CR_FRAME := NULL), as it leaves any section the thread was in. */
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_ATOMIC, 0);
    struct rt_sched *s = rt_sched();
    struct rt_thread *t = &s->threads[s->current];
    /* A detached thread's result is dropped: nobody can join it (glibc frees the descriptor). */
    t->result = t->detached ? NULL : result;
    t->state = RT_THREAD_ENDED;
    t->frame = NULL;
    /* Frees this thread's stack and ends the transition; never returns. When it was the last
     * thread, the scheduler finds none left and the process exits with status 0 (POSIX), its
     * stack gone as glibc's unwinding leaves it (main's locals too, after pthread_exit). */
    __vm_ctl_set(VM_CR_FRAME, NULL);
    for (;;)
        __vm_interrupt_cfl();
}

/* Cleanup handlers (pthread_cleanup_push/_pop). glibc's macros, for C, keep a buffer on the
 * stack of the function that pushes: `__sigsetjmp` into its jump buffer (0 the first time), then
 * __pthread_register_cancel(buf); pthread_cleanup_pop(execute) calls
 * __pthread_unregister_cancel(buf) and runs the handler itself when `execute`. When the thread
 * exits while handlers are registered, pthread_exit jumps into the innermost buffer (its
 * `__sigsetjmp` returns 1): the macro's code runs the handler and calls
 * __pthread_unwind_next(buf), which jumps into the next buffer, or, after the outermost, ends the
 * thread (thread-specific data's destructors, as POSIX orders them, then the end). The chain is
 * the thread's `cleanup` (os.h), linked through the buffer's first spare pointer. exit() runs no
 * handler (POSIX). Undefined behaviour, reported: returning from the start routine with a handler
 * pushed (the block was left by `return`), a buffer popped out of order, and one jumped into
 * after its function returned (the VM's longjmp checks the frame).
 * Cancellation is not offered (pthread_cancel stays an unknown function). */
struct rt_unwind_buf {
    struct {
        long jmp_buf[sizeof(void *) == 8 ? 8 : 6]; /* glibc's __jmp_buf; the VM's setjmp fills it */
        int mask_was_saved;
    } cancel_jmp_buf[1];
    void *pad[4]; /* pad[0]: the next outer buffer */
};
RT_NORETURN void longjmp(void *env, int value); /* a hypercall: the VM jumps */
void __pthread_register_cancel(void *buf);
void __pthread_unregister_cancel(void *buf);
RT_NORETURN void __pthread_unwind_next(void *buf);

/* The running thread's entry, read and written only inside atomic sections here: the chain is
 * the thread's own business, and an access to the (shared) thread table outside one would be a
 * visible action, an interleaving point of no use. */
RT_WEAK void __pthread_register_cancel(void *buf) {
    int atomic = atomic_begin();
    struct rt_thread *self = rt_self();
    ((struct rt_unwind_buf *)buf)->pad[0] = self->cleanup;
    self->cleanup = buf;
    atomic_end(atomic);
}

RT_WEAK void __pthread_unregister_cancel(void *buf) {
    int atomic = atomic_begin();
    struct rt_thread *self = rt_self();
    int innermost = buf == self->cleanup;
    if (innermost)
        self->cleanup = ((struct rt_unwind_buf *)buf)->pad[0];
    atomic_end(atomic);
    if (!innermost)
        __vigil_fault(VM_FAULT_INVALID_ARG, "pthread_cleanup_pop of a handler that is not the innermost one");
}

/* Ends the thread with `result` after running its cleanup handlers: jumps into the innermost
 * buffer when there is one (never returns then). `returned`: the thread returned from its start
 * routine, which with a handler still pushed means it left a push/pop block by `return`
 * (undefined, POSIX XSH pthread_cleanup_pop; glibc runs no handler then). */
RT_NORETURN static void exit_thread(void *result, int returned) {
    int atomic = atomic_begin();
    struct rt_thread *self = rt_self();
    struct rt_unwind_buf *innermost = self->cleanup;
    if (innermost) /* for __pthread_unwind_next, which ends the thread after the last handler */
        self->result = result;
    atomic_end(atomic);
    if (innermost && returned)
        __vigil_fault(VM_FAULT_INVALID_ARG, "a thread returned from inside a pthread_cleanup_push/_pop block");
    if (innermost)
        longjmp(innermost->cancel_jmp_buf, 1);
    end_thread(result);
}

RT_WEAK void __pthread_unwind_next(void *buf) {
    int atomic = atomic_begin();
    struct rt_thread *self = rt_self();
    int innermost = buf == self->cleanup;
    struct rt_unwind_buf *next = ((struct rt_unwind_buf *)buf)->pad[0];
    void *result = self->result;
    if (innermost)
        self->cleanup = next;
    atomic_end(atomic);
    if (!innermost)
        __vigil_fault(VM_FAULT_INVALID_ARG, "cleanup handler chain broken");
    if (next)
        longjmp(next->cancel_jmp_buf, 1);
    end_thread(result);
}

RT_WEAK void pthread_exit(void *result) {
    exit_thread(result, 0);
}

/* A thread already joined: glibc's pthread_join marks its descriptor dead (tid -1), so a later
 * pthread_join or pthread_detach of it returns ESRCH — until pthread_create reuses the cached
 * descriptor for a new thread, after which the old ID names that one (undefined behaviour: the
 * ID's lifetime ended, POSIX XSH 2.9.2). Returns 0 for a thread not yet joined, else ESRCH
 * after ending the atomic section, faulting first in the second case. */
static int joined_thread(struct rt_sched *s, pthread_t thread, int atomic) {
    if (thread >= (pthread_t)s->nthreads || !s->threads[thread].joined_at)
        return 0;
    int reused = s->threads[thread].joined_at != s->nthreads + 1;
    atomic_end(atomic);
    if (reused)
        __vigil_fault(VM_FAULT_INVALID_ARG, "use of a joined thread's ID after a new thread was created");
    return RT_ESRCH;
}

RT_WEAK int pthread_join(pthread_t id, void **result) {
    pthread_t thread = thread_index(id);
    for (;;) {
        int atomic = atomic_begin();
        struct rt_sched *s = rt_sched();
        int gone = joined_thread(s, thread, atomic);
        if (gone)
            return gone;
        if (thread >= (pthread_t)s->nthreads || thread == (pthread_t)s->current || s->threads[thread].detached) {
            int code = thread >= (pthread_t)s->nthreads ? RT_ESRCH : thread == (pthread_t)s->current ? RT_EDEADLK : 0;
            atomic_end(atomic);
            if (code)
                return code;
            __vigil_fault(VM_FAULT_INVALID_ARG, "pthread_join of a detached thread");
            return RT_EINVAL;
        }
        if (s->threads[thread].state == RT_THREAD_ENDED) {
            rt_set_wait(RT_WAIT_NONE, NULL, 0);
            void *r = s->threads[thread].result;
            /* Taken: the table no longer holds it (a result the caller does not keep is lost). */
            s->threads[thread].result = NULL;
            s->threads[thread].joined_at = s->nthreads + 1;
            atomic_end(atomic);
            if (result)
                *result = r;
            return 0;
        }
        rt_set_wait(RT_WAIT_EQ, &s->threads[thread].state, RT_THREAD_ENDED);
        atomic_end(atomic);
        __vm_interrupt_cfl();
    }
}

RT_WEAK pthread_t pthread_self(void) {
    int atomic = atomic_begin();
    pthread_t self = thread_id(rt_sched()->current);
    atomic_end(atomic);
    return self;
}

RT_WEAK int pthread_equal(pthread_t a, pthread_t b) {
    return a == b;
}

RT_WEAK int pthread_detach(pthread_t id) {
    pthread_t thread = thread_index(id);
    int atomic = atomic_begin();
    struct rt_sched *s = rt_sched();
    int gone = joined_thread(s, thread, atomic);
    if (gone)
        return gone;
    int found = thread < (pthread_t)s->nthreads;
    int again = found && s->threads[thread].detached;
    if (found) {
        s->threads[thread].detached = 1;
        /* An ended thread's result is dropped with it (glibc frees the descriptor). */
        s->threads[thread].result = NULL;
    }
    atomic_end(atomic);
    if (again) {
        /* Undefined (POSIX: the thread is not joinable); glibc returns EINVAL while the thread
         * runs and reads a freed descriptor once it has ended. */
        __vigil_fault(VM_FAULT_INVALID_ARG, "pthread_detach of a detached thread");
        return RT_EINVAL;
    }
    return found ? 0 : RT_ESRCH;
}

RT_WEAK int pthread_attr_init(void *attr) {
    struct rt_attr *a = attr;
    a->detachstate = RT_CREATE_JOINABLE;
    a->scope = RT_SCOPE_SYSTEM;
    a->inheritsched = RT_INHERIT_SCHED;
    a->schedpolicy = RT_SCHED_OTHER;
    a->schedpriority = 0;
    a->stacksize = RT_STACK_DEFAULT;
    a->guardsize = RT_GUARD_DEFAULT;
    return 0;
}

RT_WEAK int pthread_attr_destroy(void *attr) {
    (void)attr;
    return 0;
}

/* pthread_attr_setFIELD and pthread_attr_getFIELD of the attribute's FIELD, of type T, declared and
 * defined. The setter stores its value v when `error` (an expression in v) is 0, and returns
 * `error`. */
#define ATTR_FIELD(field, T, error)                                                            \
    int pthread_attr_set##field(void *attr, T v);                                              \
    int pthread_attr_get##field(const void *attr, T *v);                                       \
    RT_WEAK int pthread_attr_set##field(void *attr, T v) {                                     \
        int e = (error);                                                                       \
        if (e == 0)                                                                            \
            ((struct rt_attr *)attr)->field = v;                                               \
        return e;                                                                              \
    }                                                                                          \
    RT_WEAK int pthread_attr_get##field(const void *attr, T *v) {                              \
        *v = ((const struct rt_attr *)attr)->field;                                            \
        return 0;                                                                              \
    }

ATTR_FIELD(detachstate, int, v != RT_CREATE_JOINABLE && v != RT_CREATE_DETACHED ? RT_EINVAL : 0)
ATTR_FIELD(stacksize, size_t, v < RT_STACK_MIN ? RT_EINVAL : 0)
ATTR_FIELD(guardsize, size_t, 0)
ATTR_FIELD(scope, int, v == RT_SCOPE_PROCESS ? RT_ENOTSUP : v != RT_SCOPE_SYSTEM ? RT_EINVAL : 0)
ATTR_FIELD(inheritsched, int, v != RT_INHERIT_SCHED && v != RT_EXPLICIT_SCHED ? RT_EINVAL : 0)
ATTR_FIELD(schedpolicy, int, v != RT_SCHED_OTHER && v != RT_SCHED_FIFO && v != RT_SCHED_RR ? RT_EINVAL : 0)

/* The priority must lie in the range of the attribute's policy: 0 for SCHED_OTHER, 1..99 for
 * SCHED_FIFO and SCHED_RR (Linux). */
RT_WEAK int pthread_attr_setschedparam(void *attr, const struct rt_sched_param *param) {
    struct rt_attr *a = attr;
    int min = a->schedpolicy == RT_SCHED_OTHER ? 0 : 1;
    int max = a->schedpolicy == RT_SCHED_OTHER ? 0 : 99;
    if (param->sched_priority < min || param->sched_priority > max)
        return RT_EINVAL;
    a->schedpriority = param->sched_priority;
    return 0;
}

RT_WEAK int pthread_attr_getschedparam(const void *attr, struct rt_sched_param *param) {
    param->sched_priority = ((const struct rt_attr *)attr)->schedpriority;
    return 0;
}

#define ONCE_RUNNING 1
#define ONCE_DONE 2

RT_WEAK int pthread_once(int *once, void (*init)(void)) {
    int atomic = atomic_begin();
    int state = *once;
    if (state == 0)
        *once = ONCE_RUNNING;
    atomic_end(atomic);
    if (state == 0) {
        init();
        atomic = atomic_begin();
        *once = ONCE_DONE;
        atomic_end(atomic);
        return 0;
    }
    for (;;) {
        atomic = atomic_begin();
        state = *once;
        rt_set_wait(state == ONCE_DONE ? RT_WAIT_NONE : RT_WAIT_EQ, once, ONCE_DONE);
        atomic_end(atomic);
        if (state == ONCE_DONE)
            return 0;
        __vm_interrupt_cfl();
    }
}

RT_WEAK int pthread_mutexattr_init(void *attr) {
    *(int *)attr = RT_MUTEX_NORMAL;
    return 0;
}

RT_WEAK int pthread_mutexattr_destroy(void *attr) {
    (void)attr;
    return 0;
}

RT_WEAK int pthread_mutexattr_settype(void *attr, int kind) {
    if (kind < RT_MUTEX_NORMAL || kind > RT_MUTEX_ADAPTIVE)
        return RT_EINVAL;
    *(int *)attr = kind;
    return 0;
}

RT_WEAK int pthread_mutexattr_gettype(const void *attr, int *kind) {
    *kind = *(const int *)attr;
    return 0;
}

/* The mutex's kind, from glibc's __kind field (set by pthread_mutex_init or a static
 * initialiser such as PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP). Robust and priority mutexes are
 * not modelled. */
static int kind_of(rt_mutex *m) {
    int kind = ((int *)m)[RT_KIND_INDEX];
    if (kind & ~RT_MUTEX_KIND_MASK)
        __vigil_fault(VM_FAULT_INVALID_ARG, "robust and priority-protocol mutexes are not modelled");
    return kind & RT_MUTEX_KIND_MASK;
}

RT_WEAK int pthread_mutex_init(void *mutex, const void *attr) {
    rt_mutex *m = mutex;
    m->word = 0;
    m->count = 0;
    ((int *)m)[RT_KIND_INDEX] = attr ? *(const int *)attr : RT_MUTEX_NORMAL;
    return 0;
}

RT_WEAK int pthread_mutex_destroy(void *mutex) {
    if (((rt_mutex *)mutex)->word != 0)
        __vigil_fault(VM_FAULT_INVALID_ARG, "pthread_mutex_destroy of a locked mutex");
    return 0;
}

/* Takes the mutex if it is free, or again if the thread holds a recursive one: 0 then. Held by
 * another thread: EBUSY, and when `wait`, the running thread waits until it is free (os.h).
 * Held by the thread itself: EDEADLK for an error-checking mutex (except from
 * pthread_mutex_trylock, `try_only`: glibc's trylock never looks at the owner and answers
 * EBUSY), EBUSY for the others without `wait`; with `wait`, a normal mutex would deadlock itself (undefined for PTHREAD_MUTEX_DEFAULT,
 * which glibc's normal kind is), which raises VM_FAULT_INVALID_ARG. */
static int try_take(rt_mutex *m, int wait, int try_only) {
    int atomic = atomic_begin();
    int self = rt_sched()->current;
    int kind = kind_of(m);
    int word = m->word;
    int result = 0;
    if (word == 0) {
        m->word = self + 1;
        m->count = 0;
    } else if (word == self + 1 && kind == RT_MUTEX_RECURSIVE) {
        m->count++;
    } else if (word == self + 1) {
        result = kind == RT_MUTEX_ERRORCHECK && !try_only ? RT_EDEADLK : RT_EBUSY;
    } else {
        result = RT_EBUSY;
    }
    rt_set_wait(word != 0 && word != self + 1 && wait ? RT_WAIT_EQ : RT_WAIT_NONE, &m->word, 0);
    atomic_end(atomic);
    if (word == self + 1 && result == RT_EBUSY && wait)
        __vigil_fault(VM_FAULT_INVALID_ARG, "pthread_mutex_lock of a mutex the thread already holds");
    return result;
}

RT_WEAK int pthread_mutex_lock(void *mutex) {
    int r;
    while ((r = try_take(mutex, 1, 0)) == RT_EBUSY)
        __vm_interrupt_cfl();
    return r;
}

RT_WEAK int pthread_mutex_trylock(void *mutex) {
    return try_take(mutex, 0, 1);
}

/* The timeout of a timed wait is a nondeterministic choice: each time the waiting thread runs
 * and the wait is not over, it may time out (the thread never blocks, so a timed wait is never
 * part of a deadlock). */
RT_WEAK int pthread_mutex_timedlock(void *mutex, const void *abstime) {
    (void)abstime;
    int r;
    while ((r = try_take(mutex, 0, 0)) == RT_EBUSY) {
        if (__vm_choose(2))
            return RT_ETIMEDOUT;
        __vm_interrupt_cfl();
    }
    return r;
}

/* Releases the mutex (one level of a recursive one). Not held by the thread: EPERM for the
 * error-checking and recursive kinds, undefined behaviour (VM_FAULT_INVALID_ARG) for the
 * others. */
RT_WEAK int pthread_mutex_unlock(void *mutex) {
    rt_mutex *m = mutex;
    int atomic = atomic_begin();
    int self = rt_sched()->current;
    int kind = kind_of(m);
    int word = m->word;
    if (word == self + 1 && m->count > 0)
        m->count--;
    else if (word == self + 1)
        m->word = 0;
    atomic_end(atomic);
    if (word != self + 1 && (kind == RT_MUTEX_ERRORCHECK || kind == RT_MUTEX_RECURSIVE))
        return RT_EPERM;
    if (word != self + 1)
        __vigil_fault(VM_FAULT_INVALID_ARG, "pthread_mutex_unlock of a mutex the thread does not hold");
    return 0;
}

RT_WEAK int pthread_cond_init(void *cond, const void *attr) {
    (void)attr;
    rt_cond *c = cond;
    c->g2 = 0;
    c->g1_left = 0;
    c->pending = 0;
    c->g2_count = 0;
    c->deferred = 0;
    return 0;
}

RT_WEAK int pthread_cond_destroy(void *cond) {
    (void)cond;
    return 0;
}

/* Inside an atomic section: signals G1 (one wake-up) when it has a waiter left without one;
 * otherwise, G2 has waiters and G1's wake-ups are all taken: G2 becomes G1 first; otherwise, G2
 * has waiters and G1 has wake-ups not yet taken: the signal waits (deferred) until they are.
 * With no waiter at all the signal is lost. */
static void signal_one(rt_cond *c) {
    if (c->g1_left == 0 && c->pending == 0 && c->g2_count > 0) {
        c->g2++;
        c->g1_left = c->g2_count;
        c->g2_count = 0;
    }
    if (c->g1_left > 0) {
        c->g1_left--;
        c->pending++;
    } else if (c->g2_count > 0 && c->deferred < c->g2_count) {
        c->deferred++;
    }
}

/* Inside an atomic section, once a G1 waiter has taken a wake-up or left: when G1 is done (no
 * waiter without a wake-up, none pending), the deferred signals go to G2. */
static void g1_progress(rt_cond *c) {
    unsigned deferred = c->deferred;
    if (c->g1_left != 0 || c->pending != 0 || deferred == 0)
        return;
    c->deferred = 0;
    while (deferred-- > 0)
        signal_one(c);
}

/* Releases the mutex, joins G2 (notes its number) in one atomic step (no wake-up is lost), waits
 * until it is in G1 (the number has changed) and a wake-up is pending, takes it (or, when
 * `timed`, times out by a nondeterministic choice, leaving its group), then takes the mutex
 * again. Or, by a nondeterministic choice made first, wakes up spuriously: takes the mutex again
 * without waiting for a signal (POSIX allows it; glibc's condition variables do it only in rare
 * races between waiters, signals and timeouts), which marks the state VM_FLAG_SPURIOUS: a program
 * that relies on there being no spurious wake-up is not proved, and a violation that follows one
 * is not evidence (unknown). The thread that waits for a signal blocks, so deadlocks are still
 * found; the scheduler may run other threads between the release and the retaking, so the
 * spurious return may come at any point. */
static int cond_wait(rt_cond *c, void *mutex, int timed) {
    int spurious = __vm_choose(2);
    int atomic = atomic_begin();
    unsigned group = c->g2;
    pthread_mutex_unlock(mutex);
    if (!spurious)
        c->g2_count++;
    atomic_end(atomic);
    if (spurious) {
        __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_SPURIOUS, 0);
        pthread_mutex_lock(mutex);
        return 0;
    }
    int result = 0;
    for (;;) {
        atomic = atomic_begin();
        int in_g1 = c->g2 != group;
        int woken = in_g1 && c->pending > 0;
        if (woken) {
            c->pending--;
            g1_progress(c);
        }
        if (woken || timed)
            rt_set_wait(RT_WAIT_NONE, NULL, 0);
        else if (!in_g1)
            rt_set_wait(RT_WAIT_NE, &c->g2, (int)group);
        else /* another G1 waiter took the wake-up, or none came yet */
            rt_set_wait(RT_WAIT_GE, &c->pending, 1);
        atomic_end(atomic);
        if (woken)
            break;
        if (timed && __vm_choose(2)) {
            atomic = atomic_begin();
            if (!in_g1) {
                c->g2_count--;
                if (c->deferred > c->g2_count)
                    c->deferred = c->g2_count;
            } else if (c->g1_left > 0) {
                c->g1_left--;
            } else {
                c->pending--; /* it had a wake-up (any G1 waiter's): the timeout takes it */
            }
            g1_progress(c);
            atomic_end(atomic);
            result = RT_ETIMEDOUT;
            break;
        }
        __vm_interrupt_cfl();
    }
    pthread_mutex_lock(mutex);
    return result;
}

RT_WEAK int pthread_cond_wait(void *cond, void *mutex) {
    return cond_wait(cond, mutex, 0);
}

RT_WEAK int pthread_cond_timedwait(void *cond, void *mutex, const void *abstime) {
    (void)abstime;
    return cond_wait(cond, mutex, 1);
}

/* A signal (see signal_one), or when `all` a broadcast: every blocked waiter, of G1 or G2, gets
 * a wake-up (G2 joins G1). */
static int advance(rt_cond *c, int all) {
    int atomic = atomic_begin();
    if (all) {
        if (c->g2_count > 0)
            c->g2++;
        c->pending += c->g1_left + c->g2_count;
        c->g1_left = 0;
        c->g2_count = 0;
        c->deferred = 0;
    } else {
        signal_one(c);
    }
    atomic_end(atomic);
    return 0;
}

RT_WEAK int pthread_cond_signal(void *cond) {
    return advance(cond, 0);
}

RT_WEAK int pthread_cond_broadcast(void *cond) {
    return advance(cond, 1);
}
