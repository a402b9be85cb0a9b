/*
 * pthread_sync.c — the blocking primitives beyond mutexes and condition variables: POSIX
 * semaphores (sem_*), barriers, read-write locks and spinlocks, on the wait conditions of os.h.
 *
 * Each operation tests and updates its object inside one atomic section (one visible action);
 * when it must wait, it sets the running thread's wait condition in that same section and ends
 * the transition, and the scheduler runs the thread again only once the condition holds (a
 * state where every live thread waits is a deadlock, os.c). Timed variants never block: each
 * time the thread runs and the wait is not over, a nondeterministic choice may time it out.
 *
 * Layouts (inside glibc's larger types; zero is the initialiser where glibc has one):
 * - sem_t: the first unsigned is the value;
 * - pthread_barrier_t: count, arrived, generation (unsigned);
 * - pthread_rwlock_t: the first int is -1 when written, else the number of readers; the
 *   second is the writer's thread index + 1;
 * - pthread_spinlock_t: an int, 0 free and 1 held.
 *
 * Return values are glibc's: sem_* return -1 with errno set (EINVAL for a value above
 * SEM_VALUE_MAX, EAGAIN from sem_trywait, ETIMEDOUT, EOVERFLOW past SEM_VALUE_MAX);
 * pthread_barrier_init gives EINVAL for a count of 0 and pthread_barrier_wait returns
 * PTHREAD_BARRIER_SERIAL_THREAD (-1) in exactly one thread per round; rwlocks give EBUSY from
 * the try variants (also when the calling thread holds the write lock: glibc's try functions
 * never check the owner) and EDEADLK when the writer asks again through the blocking or timed
 * functions. Unlocking a lock one does not hold
 * raises VM_FAULT_INVALID_ARG (undefined behaviour, unknown). A spinlock taken twice by one
 * thread spins forever, as glibc's does: a deadlock.
 */
#include "os.h"

#define RT_EAGAIN 11
#define RT_EBUSY 16
#define RT_EDEADLK 35
#define RT_EOVERFLOW 75
#define RT_ETIMEDOUT 110
#define RT_SEM_VALUE_MAX 2147483647U
#define RT_BARRIER_SERIAL_THREAD (-1)

typedef struct { unsigned value; } rt_sem;
typedef struct { unsigned count, arrived, generation; } rt_barrier;
typedef struct { int word, writer; } rt_rwlock;

int sem_init(void *sem, int pshared, unsigned value);
int sem_destroy(void *sem);
int sem_wait(void *sem);
int sem_trywait(void *sem);
int sem_timedwait(void *sem, const void *abstime);
int sem_post(void *sem);
int sem_getvalue(void *sem, int *value);
int pthread_barrier_init(void *barrier, const void *attr, unsigned count);
int pthread_barrier_destroy(void *barrier);
int pthread_barrier_wait(void *barrier);
int pthread_barrierattr_init(void *attr);
int pthread_barrierattr_destroy(void *attr);
int pthread_rwlock_init(void *lock, const void *attr);
int pthread_rwlock_destroy(void *lock);
int pthread_rwlock_rdlock(void *lock);
int pthread_rwlock_tryrdlock(void *lock);
int pthread_rwlock_timedrdlock(void *lock, const void *abstime);
int pthread_rwlock_wrlock(void *lock);
int pthread_rwlock_trywrlock(void *lock);
int pthread_rwlock_timedwrlock(void *lock, const void *abstime);
int pthread_rwlock_unlock(void *lock);
int pthread_rwlockattr_init(void *attr);
int pthread_rwlockattr_destroy(void *attr);
int pthread_spin_init(void *lock, int pshared);
int pthread_spin_destroy(void *lock);
int pthread_spin_lock(void *lock);
int pthread_spin_trylock(void *lock);
int pthread_spin_unlock(void *lock);

/* How an attempt that cannot go on yet behaves. */
enum { TRY, BLOCK, TIMED };

/* After a failed attempt: 1 to give up now (TRY, or TIMED by choice), else 0 once the
 * transition ended (the caller tries again when the scheduler runs it). */
static int wait_more(int mode) {
    if (mode == TRY || (mode == TIMED && __vm_choose(2)))
        return 1;
    __vm_interrupt_cfl();
    return 0;
}

static int fail_errno(int code) {
    *__errno_location() = code;
    return -1;
}

/* ---- semaphores ---- */

RT_WEAK int sem_init(void *sem, int pshared, unsigned value) {
    (void)pshared;
    if (value > RT_SEM_VALUE_MAX)
        return fail_errno(RT_EINVAL);
    ((rt_sem *)sem)->value = value;
    return 0;
}

RT_WEAK int sem_destroy(void *sem) {
    (void)sem;
    return 0;
}

static int sem_take(rt_sem *s, int mode) {
    for (;;) {
        int atomic = rt_atomic_begin();
        unsigned v = s->value;
        if (v > 0)
            s->value = v - 1;
        rt_set_wait(v == 0 && mode == BLOCK ? RT_WAIT_NE : RT_WAIT_NONE, &s->value, 0);
        rt_atomic_end(atomic);
        if (v > 0)
            return 0;
        if (wait_more(mode))
            return fail_errno(mode == TRY ? RT_EAGAIN : RT_ETIMEDOUT);
    }
}

RT_WEAK int sem_wait(void *sem) {
    return sem_take(sem, BLOCK);
}

RT_WEAK int sem_trywait(void *sem) {
    return sem_take(sem, TRY);
}

RT_WEAK int sem_timedwait(void *sem, const void *abstime) {
    (void)abstime;
    return sem_take(sem, TIMED);
}

RT_WEAK int sem_post(void *sem) {
    rt_sem *s = sem;
    int atomic = rt_atomic_begin();
    unsigned v = s->value;
    if (v < RT_SEM_VALUE_MAX)
        s->value = v + 1;
    rt_atomic_end(atomic);
    return v < RT_SEM_VALUE_MAX ? 0 : fail_errno(RT_EOVERFLOW);
}

RT_WEAK int sem_getvalue(void *sem, int *value) {
    int atomic = rt_atomic_begin();
    *value = (int)((rt_sem *)sem)->value;
    rt_atomic_end(atomic);
    return 0;
}

/* ---- barriers ---- */

RT_WEAK int pthread_barrierattr_init(void *attr) {
    *(int *)attr = 0; /* PTHREAD_PROCESS_PRIVATE, which pthread_barrierattr_getpshared reads */
    return 0;
}

RT_WEAK int pthread_barrierattr_destroy(void *attr) {
    (void)attr;
    return 0;
}

RT_WEAK int pthread_barrier_init(void *barrier, const void *attr, unsigned count) {
    (void)attr;
    if (count == 0)
        return RT_EINVAL;
    rt_barrier *b = barrier;
    b->count = count;
    b->arrived = 0;
    b->generation = 0;
    return 0;
}

RT_WEAK int pthread_barrier_destroy(void *barrier) {
    (void)barrier;
    return 0;
}

/* The last thread to arrive opens the barrier for the round (and is the serial thread); the
 * others wait until the generation changes. */
RT_WEAK int pthread_barrier_wait(void *barrier) {
    rt_barrier *b = barrier;
    int atomic = rt_atomic_begin();
    unsigned seen = b->generation;
    int last = ++b->arrived == b->count;
    if (last) {
        b->arrived = 0;
        b->generation = seen + 1;
    }
    rt_atomic_end(atomic);
    if (last)
        return RT_BARRIER_SERIAL_THREAD;
    for (;;) {
        atomic = rt_atomic_begin();
        unsigned now = b->generation;
        rt_set_wait(now == seen ? RT_WAIT_NE : RT_WAIT_NONE, &b->generation, (int)seen);
        rt_atomic_end(atomic);
        if (now != seen)
            return 0;
        __vm_interrupt_cfl();
    }
}

/* ---- read-write locks ---- */

RT_WEAK int pthread_rwlockattr_init(void *attr) {
    (void)attr;
    return 0;
}

RT_WEAK int pthread_rwlockattr_destroy(void *attr) {
    (void)attr;
    return 0;
}

RT_WEAK int pthread_rwlock_init(void *lock, const void *attr) {
    (void)attr;
    rt_rwlock *l = lock;
    l->word = 0;
    l->writer = 0;
    return 0;
}

RT_WEAK int pthread_rwlock_destroy(void *lock) {
    if (((rt_rwlock *)lock)->word != 0)
        __vigil_fault(VM_FAULT_INVALID_ARG, "pthread_rwlock_destroy of a held lock");
    return 0;
}

/* Takes the lock for reading (`write` 0) or writing: readers share it while no thread writes. */
static int rw_take(rt_rwlock *l, int write, int mode) {
    for (;;) {
        int atomic = rt_atomic_begin();
        int self = rt_sched()->current + 1;
        int word = l->word;
        if (word == -1 && l->writer == self && mode != TRY) {
            rt_atomic_end(atomic);
            return RT_EDEADLK;
        }
        int free = write ? word == 0 : word >= 0;
        if (free) {
            l->word = write ? -1 : word + 1;
            if (write)
                l->writer = self;
        }
        int how = free || mode != BLOCK ? RT_WAIT_NONE : write ? RT_WAIT_EQ : RT_WAIT_GE;
        rt_set_wait(how, &l->word, 0);
        rt_atomic_end(atomic);
        if (free)
            return 0;
        if (wait_more(mode))
            return mode == TRY ? RT_EBUSY : RT_ETIMEDOUT;
    }
}

/* pthread_rwlock_{rd,wr}lock, _try{rd,wr}lock and _timed{rd,wr}lock: the three modes of one
 * acquisition (write 0 for a reader, 1 for a writer). */
#define RW_TAKE_MODES(kind, write)                                                                 \
    RT_WEAK int pthread_rwlock_##kind##lock(void *lock) { return rw_take(lock, write, BLOCK); }   \
    RT_WEAK int pthread_rwlock_try##kind##lock(void *lock) { return rw_take(lock, write, TRY); }  \
    RT_WEAK int pthread_rwlock_timed##kind##lock(void *lock, const void *abstime) {                \
        (void)abstime;                                                                             \
        return rw_take(lock, write, TIMED);                                                        \
    }
RW_TAKE_MODES(rd, 0)
RW_TAKE_MODES(wr, 1)

RT_WEAK int pthread_rwlock_unlock(void *lock) {
    rt_rwlock *l = lock;
    int atomic = rt_atomic_begin();
    int self = rt_sched()->current + 1;
    int word = l->word;
    int ok = (word == -1 && l->writer == self) || word > 0;
    if (word == -1 && ok) {
        l->word = 0;
        l->writer = 0;
    } else if (ok) {
        l->word = word - 1;
    }
    rt_atomic_end(atomic);
    if (!ok)
        __vigil_fault(VM_FAULT_INVALID_ARG, "pthread_rwlock_unlock of a lock the thread does not hold");
    return 0;
}

/* ---- spinlocks ---- */

RT_WEAK int pthread_spin_init(void *lock, int pshared) {
    (void)pshared;
    *(int *)lock = 0;
    return 0;
}

RT_WEAK int pthread_spin_destroy(void *lock) {
    (void)lock;
    return 0;
}

static int spin_take(int *lock, int mode) {
    for (;;) {
        int atomic = rt_atomic_begin();
        int held = *lock;
        if (!held)
            *lock = 1;
        rt_set_wait(held && mode == BLOCK ? RT_WAIT_EQ : RT_WAIT_NONE, lock, 0);
        rt_atomic_end(atomic);
        if (!held)
            return 0;
        if (wait_more(mode))
            return RT_EBUSY;
    }
}

RT_WEAK int pthread_spin_lock(void *lock) {
    return spin_take(lock, BLOCK);
}

RT_WEAK int pthread_spin_trylock(void *lock) {
    return spin_take(lock, TRY);
}

RT_WEAK int pthread_spin_unlock(void *lock) {
    int atomic = rt_atomic_begin();
    *(int *)lock = 0;
    rt_atomic_end(atomic);
    return 0;
}
