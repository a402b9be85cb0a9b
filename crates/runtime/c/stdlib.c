/* stdlib.c — program termination and small <stdlib.h> functions.
 *
 * exit runs the atexit handlers (last registered first), then raises VM_FLAG_EXIT, at which the
 * VM ends the run; abort and _Exit raise it without running handlers. Neither returns. */
#include "vigil_vm.h"

#define MAX_ATEXIT 32
static void (*handlers[MAX_ATEXIT])(void);
static int num_handlers;

static void terminate(void) VIGIL_NORETURN;
static void terminate(void) {
  __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_EXIT, 0);
  for (;;) /* the VM stops at VM_FLAG_EXIT */
    __vm_interrupt_cfl();
}

VIGIL_WEAK int atexit(void (*f)(void)) {
  if (num_handlers == MAX_ATEXIT) return -1;
  handlers[num_handlers++] = f;
  return 0;
}

VIGIL_WEAK void exit(int status) {
  (void)status;
  while (num_handlers > 0) handlers[--num_handlers]();
  terminate();
}

VIGIL_WEAK void _Exit(int status) {
  (void)status;
  terminate();
}

VIGIL_WEAK void abort(void) {
  __vm_trace(VM_TRACE_INFO, "abort called");
  terminate();
}

VIGIL_WEAK int abs(int x) { return x < 0 ? -x : x; }
VIGIL_WEAK long labs(long x) { return x < 0 ? -x : x; }
VIGIL_WEAK long long llabs(long long x) { return x < 0 ? -x : x; }

static int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

VIGIL_WEAK long strtol(const char *s, char **end, int base) {
  const char *p = s;
  while (*p == ' ' || *p == '\t' || *p == '\n') p++;
  int neg = 0;
  if (*p == '-' || *p == '+') neg = *p++ == '-';
  if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    p += 2;
    base = 16;
  } else if (base == 0) {
    base = p[0] == '0' ? 8 : 10;
  }
  unsigned long v = 0;
  const char *start = p;
  while (digit_value(*p) < base) v = v * (unsigned long)base + (unsigned long)digit_value(*p++);
  if (end) *end = (char *)(p == start ? s : p);
  return neg ? -(long)v : (long)v;
}

VIGIL_WEAK int atoi(const char *s) { return (int)strtol(s, 0, 10); }
VIGIL_WEAK long atol(const char *s) { return strtol(s, 0, 10); }

static unsigned long rand_state = 1;
VIGIL_WEAK void srand(unsigned int seed) { rand_state = seed; }
VIGIL_WEAK int rand(void) {
  rand_state = rand_state * 1103515245UL + 12345UL;
  return (int)((rand_state >> 16) & 0x7fff);
}

VIGIL_WEAK void qsort(void *base, vigil_size_t n, vigil_size_t size, int (*cmp)(const void *, const void *)) {
  unsigned char *b = base;
  /* insertion sort: simple, and few elements in verification tasks */
  for (vigil_size_t i = 1; i < n; i++) {
    for (vigil_size_t j = i; j > 0 && cmp(b + (j - 1) * size, b + j * size) > 0; j--) {
      for (vigil_size_t k = 0; k < size; k++) {
        unsigned char t = b[(j - 1) * size + k];
        b[(j - 1) * size + k] = b[j * size + k];
        b[j * size + k] = t;
      }
    }
  }
}

VIGIL_WEAK void *bsearch(const void *key, const void *base, vigil_size_t n, vigil_size_t size,
                         int (*cmp)(const void *, const void *)) {
  const unsigned char *b = base;
  vigil_size_t lo = 0, hi = n;
  while (lo < hi) {
    vigil_size_t mid = lo + (hi - lo) / 2;
    int c = cmp(key, b + mid * size);
    if (c == 0) return (void *)(b + mid * size);
    if (c < 0) hi = mid; else lo = mid + 1;
  }
  return 0;
}
