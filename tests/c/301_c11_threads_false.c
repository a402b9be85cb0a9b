// expect: false(unreach-call)
// decide: explicit
// C11 threads without the mutex: the thread's result arrives, but main may read the flag
// before the thread set it.
#include <threads.h>
void reach_error(void);
int flag;
int worker(void *arg) {
  __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
  return 3;
}
int main(void) {
  thrd_t t;
  thrd_create(&t, worker, 0);
  if (!__atomic_load_n(&flag, __ATOMIC_SEQ_CST)) reach_error();
  int res;
  thrd_join(t, &res);
  return res;
}
