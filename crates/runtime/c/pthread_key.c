/*
 * pthread_key.c — thread-specific data: pthread_key_create, _delete, pthread_getspecific and
 * _setspecific.
 *
 * A key is an index below RT_KEYS. As glibc's, pthread_key_create takes the lowest key not in
 * use, a deleted one included (checked natively: create 0, 1, 2, delete 1 and 0, and the next
 * key is 0 again), and a reused key has no value in any thread (glibc keeps a sequence number
 * per key beside each value and ignores values of an older one; here the reuse clears them).
 * glibc allows PTHREAD_KEYS_MAX = 1024 keys in use, so creating the RT_KEYS+1st while RT_KEYS
 * are in use is a limit of vigil's, not glibc's EAGAIN: the path ends as unknown
 * (VM_FAULT_UNSUPPORTED). Each thread's values
 * live in an array of RT_KEYS pointers that the thread's entry in the scheduler state points to
 * (os.h), made at its first pthread_setspecific and freed when the thread ends. A new thread's
 * values are all NULL. When a thread calls pthread_exit or returns from its start routine, the
 * destructor of every key with a non-NULL value is called with the value (which is set to NULL
 * first), for up to PTHREAD_DESTRUCTOR_ITERATIONS (4) rounds, as POSIX and glibc do; main's
 * return (exit) runs none.
 */
#include "os.h"

#define RT_KEYS 64
#define RT_EAGAIN 11
#define RT_DESTRUCTOR_ITERATIONS 4

typedef unsigned pthread_key_t;

int pthread_key_create(pthread_key_t *key, void (*destructor)(void *));
int pthread_key_delete(pthread_key_t key);
void *pthread_getspecific(pthread_key_t key);
int pthread_setspecific(pthread_key_t key, const void *value);

/* 0 never created, 1 in use, 2 deleted (free again). */
static unsigned char key_state[RT_KEYS];
static void (*key_destructor[RT_KEYS])(void *);

RT_WEAK int pthread_key_create(pthread_key_t *key, void (*destructor)(void *)) {
    int atomic = rt_atomic_begin();
    unsigned k = 0;
    while (k < RT_KEYS && key_state[k] == 1)
        k++;
    if (k < RT_KEYS && key_state[k] == 2) {
        /* A deleted key used again: the values the threads gave it are gone. */
        struct rt_sched *s = rt_sched();
        for (int t = 0; t < s->nthreads; t++)
            if (s->threads[t].specific)
                s->threads[t].specific[k] = NULL;
    }
    if (k < RT_KEYS) {
        key_state[k] = 1;
        key_destructor[k] = destructor;
    }
    rt_atomic_end(atomic);
    if (k >= RT_KEYS) {
        __vigil_fault(VM_FAULT_UNSUPPORTED, "more than 64 thread-specific data keys in use (the runtime's table)");
        return RT_EAGAIN;
    }
    *key = k;
    return 0;
}

RT_WEAK int pthread_key_delete(pthread_key_t key) {
    int atomic = rt_atomic_begin();
    int ok = key < RT_KEYS && key_state[key] == 1;
    if (ok)
        key_state[key] = 2;
    rt_atomic_end(atomic);
    return ok ? 0 : RT_EINVAL;
}

RT_WEAK void *pthread_getspecific(pthread_key_t key) {
    int atomic = rt_atomic_begin();
    void **values = rt_self()->specific;
    void *v = values && key < RT_KEYS && key_state[key] == 1 ? values[key] : NULL;
    rt_atomic_end(atomic);
    return v;
}

RT_WEAK int pthread_setspecific(pthread_key_t key, const void *value) {
    int atomic = rt_atomic_begin();
    int ok = key < RT_KEYS && key_state[key] == 1;
    struct rt_thread *t = rt_self();
    if (ok && !t->specific) {
        t->specific = __vm_obj_make_internal(RT_KEYS * sizeof(void *));
        for (int k = 0; k < RT_KEYS; k++)
            t->specific[k] = NULL;
    }
    if (ok)
        t->specific[key] = (void *)value;
    rt_atomic_end(atomic);
    return ok ? 0 : RT_EINVAL;
}

/* One atomic step: takes the value of the first key with a value and a destructor (setting
 * the value to NULL); 0 when there is none. */
static int next_destructor(void (**d)(void *), void **v) {
    int atomic = rt_atomic_begin();
    void **values = rt_self()->specific;
    int found = 0;
    for (unsigned k = 0; values && k < RT_KEYS && !found; k++) {
        if (values[k] && key_state[k] == 1 && key_destructor[k]) {
            *d = key_destructor[k];
            *v = values[k];
            values[k] = NULL;
            found = 1;
        }
    }
    rt_atomic_end(atomic);
    return found;
}

RT_WEAK void __vigil_key_destructors(void) {
    void (*d)(void *);
    void *v;
    /* PTHREAD_DESTRUCTOR_ITERATIONS rounds of at most one call per key. */
    for (int calls = 0; calls < RT_DESTRUCTOR_ITERATIONS * RT_KEYS && next_destructor(&d, &v); calls++)
        d(v);
    int atomic = rt_atomic_begin();
    struct rt_thread *t = rt_self();
    if (t->specific) {
        __vm_obj_free(t->specific);
        t->specific = NULL;
    }
    rt_atomic_end(atomic);
}
