/*
 * threads.c — C11 <threads.h> on the runtime's pthreads, as glibc implements it: thrd_*, mtx_*,
 * cnd_*, tss_* and call_once, with glibc's types (mtx_t and cnd_t have the layout of
 * pthread_mutex_t and pthread_cond_t, tss_t is a pthread key, once_flag a pthread_once_t) and
 * its results (thrd_success 0, thrd_busy 1, thrd_error 2, thrd_nomem 3, thrd_timedout 4).
 *
 * A C11 start routine returns int: the thread entry is marked (rt_thread.c11) and its result
 * travels as a pointer-sized integer, as in glibc. mtx_recursive makes a recursive pthread
 * mutex. thrd_sleep returns
 * at once (the clock is not modelled: any duration is possible) and thrd_yield does nothing (the
 * scheduler already interleaves at every visible action).
 */
#include "os.h"

typedef unsigned long thrd_t;
typedef unsigned tss_t;
typedef int (*thrd_start_t)(void *);

enum { thrd_success = 0, thrd_busy = 1, thrd_error = 2, thrd_nomem = 3, thrd_timedout = 4 };
enum { mtx_plain = 0, mtx_recursive = 1, mtx_timed = 2 };

#define RT_EAGAIN 11
#define RT_EBUSY 16
#define RT_ETIMEDOUT 110

int __vigil_thread_create(unsigned long *thread, int detached, void *(*start)(void *), void *arg, int c11);
int pthread_join(unsigned long thread, void **result);
void pthread_exit(void *result);
unsigned long pthread_self(void);
int pthread_detach(unsigned long thread);
int pthread_once(int *once, void (*init)(void));
int pthread_mutex_init(void *mutex, const void *attr);
int pthread_mutex_destroy(void *mutex);
int pthread_mutex_lock(void *mutex);
int pthread_mutex_trylock(void *mutex);
int pthread_mutex_timedlock(void *mutex, const void *abstime);
int pthread_mutex_unlock(void *mutex);
int pthread_cond_init(void *cond, const void *attr);
int pthread_cond_destroy(void *cond);
int pthread_cond_wait(void *cond, void *mutex);
int pthread_cond_timedwait(void *cond, void *mutex, const void *abstime);
int pthread_cond_signal(void *cond);
int pthread_cond_broadcast(void *cond);
int pthread_key_create(unsigned *key, void (*destructor)(void *));
int pthread_key_delete(unsigned key);
void *pthread_getspecific(unsigned key);
int pthread_setspecific(unsigned key, const void *value);

int thrd_create(thrd_t *thr, thrd_start_t func, void *arg);
int thrd_join(thrd_t thr, int *res);
RT_NORETURN void thrd_exit(int res);
thrd_t thrd_current(void);
int thrd_equal(thrd_t a, thrd_t b);
int thrd_detach(thrd_t thr);
int thrd_sleep(const void *duration, void *remaining);
void thrd_yield(void);
int mtx_init(void *mtx, int type);
int mtx_lock(void *mtx);
int mtx_trylock(void *mtx);
int mtx_timedlock(void *mtx, const void *ts);
int mtx_unlock(void *mtx);
void mtx_destroy(void *mtx);
int cnd_init(void *cond);
int cnd_signal(void *cond);
int cnd_broadcast(void *cond);
int cnd_wait(void *cond, void *mtx);
int cnd_timedwait(void *cond, void *mtx, const void *ts);
void cnd_destroy(void *cond);
int tss_create(tss_t *key, void (*destructor)(void *));
void *tss_get(tss_t key);
int tss_set(tss_t key, void *value);
void tss_delete(tss_t key);
void call_once(void *flag, void (*func)(void));

/* glibc's mapping of the pthread error numbers to C11 results. */
static int result(int err) {
    switch (err) {
    case 0:
        return thrd_success;
    case RT_EBUSY:
        return thrd_busy;
    case RT_ETIMEDOUT:
        return thrd_timedout;
    case RT_EAGAIN:
        return thrd_nomem;
    default:
        return thrd_error;
    }
}

RT_WEAK int thrd_create(thrd_t *thr, thrd_start_t func, void *arg) {
    return result(__vigil_thread_create(thr, 0, (void *(*)(void *))(void (*)(void))func, arg, 1));
}

RT_WEAK int thrd_join(thrd_t thr, int *res) {
    void *r;
    int err = pthread_join(thr, &r);
    if (err == 0 && res)
        *res = (int)(long)r;
    return result(err);
}

RT_WEAK void thrd_exit(int res) {
    pthread_exit((void *)(long)res);
    __builtin_unreachable();
}

RT_WEAK thrd_t thrd_current(void) {
    return pthread_self();
}

RT_WEAK int thrd_equal(thrd_t a, thrd_t b) {
    return a == b;
}

RT_WEAK int thrd_detach(thrd_t thr) {
    return result(pthread_detach(thr));
}

RT_WEAK int thrd_sleep(const void *duration, void *remaining) {
    (void)duration;
    (void)remaining;
    return 0;
}

RT_WEAK void thrd_yield(void) {
}

RT_WEAK int mtx_init(void *mtx, int type) {
    int kind = type & mtx_recursive ? 1 /* PTHREAD_MUTEX_RECURSIVE */ : 0;
    return result(pthread_mutex_init(mtx, &kind));
}

RT_WEAK int mtx_lock(void *mtx) {
    return result(pthread_mutex_lock(mtx));
}

RT_WEAK int mtx_trylock(void *mtx) {
    return result(pthread_mutex_trylock(mtx));
}

RT_WEAK int mtx_timedlock(void *mtx, const void *ts) {
    return result(pthread_mutex_timedlock(mtx, ts));
}

RT_WEAK int mtx_unlock(void *mtx) {
    return result(pthread_mutex_unlock(mtx));
}

RT_WEAK void mtx_destroy(void *mtx) {
    pthread_mutex_destroy(mtx);
}

RT_WEAK int cnd_init(void *cond) {
    return result(pthread_cond_init(cond, NULL));
}

RT_WEAK int cnd_signal(void *cond) {
    return result(pthread_cond_signal(cond));
}

RT_WEAK int cnd_broadcast(void *cond) {
    return result(pthread_cond_broadcast(cond));
}

RT_WEAK int cnd_wait(void *cond, void *mtx) {
    return result(pthread_cond_wait(cond, mtx));
}

RT_WEAK int cnd_timedwait(void *cond, void *mtx, const void *ts) {
    return result(pthread_cond_timedwait(cond, mtx, ts));
}

RT_WEAK void cnd_destroy(void *cond) {
    pthread_cond_destroy(cond);
}

RT_WEAK int tss_create(tss_t *key, void (*destructor)(void *)) {
    return result(pthread_key_create(key, destructor));
}

RT_WEAK void *tss_get(tss_t key) {
    return pthread_getspecific(key);
}

RT_WEAK int tss_set(tss_t key, void *value) {
    return result(pthread_setspecific(key, value));
}

RT_WEAK void tss_delete(tss_t key) {
    pthread_key_delete(key);
}

RT_WEAK void call_once(void *flag, void (*func)(void)) {
    pthread_once(flag, func);
}
