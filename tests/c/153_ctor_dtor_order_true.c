// expect: true
// decide: explicit
// Constructors run before main in ascending priority (ties in source order, the default
// priority last), with the OS up (malloc, printf, atexit, pthread_once work in them);
// destructors run after every atexit handler (even one a constructor registered), in descending
// priority (ties in reverse order), and a handler a destructor registers runs after them — the
// order glibc gives (checked natively).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
static int order[16], n;
static int *heap;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static void init_once(void) { order[n++] = 100; }
static void h_ctor(void) { order[n++] = 11; }
static void h_main(void) { order[n++] = 10; }
static void h_dtor(void) {
  static const int want[] = {1, 100, 2, 3, 4, 5, 10, 11, 20, 22, 21, 23};
  if (n != 12) reach_error();
  for (int i = 0; i < 12; i++)
    if (order[i] != want[i]) reach_error();
  free(heap);
}
__attribute__((constructor(300))) static void c300(void) {
  order[n++] = 2;
  pthread_once(&once, init_once); /* already done by c200 */
  atexit(h_ctor);
}
__attribute__((constructor(200))) static void c200(void) {
  order[n++] = 1;
  pthread_once(&once, init_once);
  heap = malloc(sizeof *heap);
  if (!heap) exit(1);
  *heap = 7;
  printf("constructor 200\n");
}
__attribute__((constructor)) static void c_default(void) { order[n++] = 4; }
__attribute__((constructor(300))) static void c300b(void) { order[n++] = 3; }
__attribute__((destructor(300))) static void d300(void) { order[n++] = 21; }
__attribute__((destructor(200))) static void d200(void) { order[n++] = 23; atexit(h_dtor); }
__attribute__((destructor)) static void d_default(void) { order[n++] = 20; }
__attribute__((destructor(300))) static void d300b(void) { order[n++] = 22; }
int main(void) {
  if (n != 5 || *heap != 7) reach_error();
  order[n++] = 5;
  atexit(h_main);
  return 0;
}
