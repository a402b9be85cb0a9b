// expect: true
// decide: explicit
// C11 <threads.h>: thrd_create/join with an int result, mtx_* around a shared counter, a
// condition variable handshake, call_once and thread-specific storage, with glibc's results.
#include <threads.h>
void reach_error(void);
mtx_t m;
cnd_t c;
once_flag once = ONCE_FLAG_INIT;
tss_t key;
int counter, ready, inits;
void init(void) { inits++; }
int worker(void *arg) {
  call_once(&once, init);
  if (tss_get(key) != 0) reach_error();
  tss_set(key, arg);
  mtx_lock(&m);
  counter++;
  ready = 1;
  cnd_signal(&c);
  mtx_unlock(&m);
  return 7;
}
int main(void) {
  thrd_t t;
  if (mtx_init(&m, mtx_plain) != thrd_success || cnd_init(&c) != thrd_success) return 1;
  if (tss_create(&key, 0) != thrd_success) return 1;
  if (thrd_create(&t, worker, &counter) != thrd_success) return 1;
  call_once(&once, init);
  mtx_lock(&m);
  while (!ready) cnd_wait(&c, &m);
  counter++;
  if (mtx_trylock(&m) != thrd_busy) reach_error();
  mtx_unlock(&m);
  int res = 0;
  thrd_join(t, &res);
  if (res != 7 || counter != 2 || inits != 1) reach_error();
  mtx_destroy(&m);
  cnd_destroy(&c);
  return 0;
}
