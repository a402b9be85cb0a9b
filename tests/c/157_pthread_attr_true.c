// expect: true
// decide: explicit
// Thread attributes keep what was set and return glibc's values (checked natively): defaults,
// EINVAL for bad values, ENOTSUP for PTHREAD_SCOPE_PROCESS.
#include <errno.h>
#include <pthread.h>
#include <sched.h>
int main(void) {
  pthread_attr_t a;
  int v;
  size_t sz;
  struct sched_param sp;
  if (pthread_attr_init(&a) != 0) reach_error();
  if (pthread_attr_getdetachstate(&a, &v) != 0 || v != PTHREAD_CREATE_JOINABLE) reach_error();
  if (pthread_attr_getstacksize(&a, &sz) != 0 || sz != 8u << 20) reach_error();
  if (pthread_attr_getguardsize(&a, &sz) != 0 || sz != 4096) reach_error();
  if (pthread_attr_getscope(&a, &v) != 0 || v != PTHREAD_SCOPE_SYSTEM) reach_error();
  if (pthread_attr_getinheritsched(&a, &v) != 0 || v != PTHREAD_INHERIT_SCHED) reach_error();
  if (pthread_attr_getschedpolicy(&a, &v) != 0 || v != SCHED_OTHER) reach_error();
  if (pthread_attr_getschedparam(&a, &sp) != 0 || sp.sched_priority != 0) reach_error();
  int bad = __VERIFIER_nondet_bool() ? 2 : -1;
  if (pthread_attr_setdetachstate(&a, bad) != EINVAL) reach_error();
  if (pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED) != 0) reach_error();
  if (pthread_attr_getdetachstate(&a, &v) != 0 || v != PTHREAD_CREATE_DETACHED) reach_error();
  if (pthread_attr_setstacksize(&a, 100) != EINVAL) reach_error();
  if (pthread_attr_setstacksize(&a, 16385) != 0) reach_error();
  if (pthread_attr_getstacksize(&a, &sz) != 0 || sz != 16385) reach_error();
  if (pthread_attr_setguardsize(&a, 0) != 0 || pthread_attr_getguardsize(&a, &sz) != 0 || sz != 0) reach_error();
  if (pthread_attr_setscope(&a, PTHREAD_SCOPE_PROCESS) != ENOTSUP) reach_error();
  if (pthread_attr_setscope(&a, 7) != EINVAL) reach_error();
  if (pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED) != 0) reach_error();
  if (pthread_attr_setschedpolicy(&a, 7) != EINVAL) reach_error();
  sp.sched_priority = 5;
  if (pthread_attr_setschedparam(&a, &sp) != EINVAL) reach_error(); /* SCHED_OTHER: only 0 */
  if (pthread_attr_setschedpolicy(&a, SCHED_FIFO) != 0) reach_error();
  if (pthread_attr_setschedparam(&a, &sp) != 0) reach_error();
  if (pthread_attr_getschedparam(&a, &sp) != 0 || sp.sched_priority != 5) reach_error();
  if (pthread_attr_destroy(&a) != 0) reach_error();
  return 0;
}
