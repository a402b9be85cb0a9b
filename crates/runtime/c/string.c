/* string.c — <string.h> as byte loops: the VM checks every access, so an invalid pointer or an
 * overrun faults at the exact byte, with the caller's location in the counterexample. */
#include "vigil_vm.h"

VIGIL_WEAK void *memcpy(void *dst, const void *src, vigil_size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  for (vigil_size_t i = 0; i < n; i++) d[i] = s[i];
  return dst;
}

VIGIL_WEAK void *memmove(void *dst, const void *src, vigil_size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  if (d == s || n == 0) return dst;
  if (d < s) {
    for (vigil_size_t i = 0; i < n; i++) d[i] = s[i];
  } else {
    for (vigil_size_t i = n; i > 0; i--) d[i - 1] = s[i - 1];
  }
  return dst;
}

VIGIL_WEAK void *memset(void *dst, int c, vigil_size_t n) {
  unsigned char *d = dst;
  for (vigil_size_t i = 0; i < n; i++) d[i] = (unsigned char)c;
  return dst;
}

VIGIL_WEAK int memcmp(const void *a, const void *b, vigil_size_t n) {
  const unsigned char *x = a, *y = b;
  for (vigil_size_t i = 0; i < n; i++)
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}

VIGIL_WEAK void *memchr(const void *s, int c, vigil_size_t n) {
  const unsigned char *p = s;
  for (vigil_size_t i = 0; i < n; i++)
    if (p[i] == (unsigned char)c) return (void *)(p + i);
  return 0;
}

VIGIL_WEAK vigil_size_t strlen(const char *s) {
  vigil_size_t n = 0;
  while (s[n]) n++;
  return n;
}

VIGIL_WEAK vigil_size_t strnlen(const char *s, vigil_size_t max) {
  vigil_size_t n = 0;
  while (n < max && s[n]) n++;
  return n;
}

VIGIL_WEAK int strcmp(const char *a, const char *b) {
  vigil_size_t i = 0;
  while (a[i] && a[i] == b[i]) i++;
  return (unsigned char)a[i] - (unsigned char)b[i];
}

VIGIL_WEAK int strncmp(const char *a, const char *b, vigil_size_t n) {
  for (vigil_size_t i = 0; i < n; i++) {
    if (a[i] != b[i] || !a[i]) return (unsigned char)a[i] - (unsigned char)b[i];
  }
  return 0;
}

VIGIL_WEAK char *strcpy(char *dst, const char *src) {
  vigil_size_t i = 0;
  do {
    dst[i] = src[i];
  } while (src[i++]);
  return dst;
}

VIGIL_WEAK char *strncpy(char *dst, const char *src, vigil_size_t n) {
  vigil_size_t i = 0;
  for (; i < n && src[i]; i++) dst[i] = src[i];
  for (; i < n; i++) dst[i] = 0;
  return dst;
}

VIGIL_WEAK char *strcat(char *dst, const char *src) {
  strcpy(dst + strlen(dst), src);
  return dst;
}

VIGIL_WEAK char *strncat(char *dst, const char *src, vigil_size_t n) {
  char *d = dst + strlen(dst);
  vigil_size_t i = 0;
  for (; i < n && src[i]; i++) d[i] = src[i];
  d[i] = 0;
  return dst;
}

VIGIL_WEAK char *strchr(const char *s, int c) {
  for (;; s++) {
    if (*s == (char)c) return (char *)s;
    if (!*s) return 0;
  }
}

VIGIL_WEAK char *strrchr(const char *s, int c) {
  const char *last = 0;
  for (;; s++) {
    if (*s == (char)c) last = s;
    if (!*s) return (char *)last;
  }
}

VIGIL_WEAK char *strstr(const char *hay, const char *needle) {
  vigil_size_t n = strlen(needle);
  for (; *hay; hay++)
    if (strncmp(hay, needle, n) == 0) return (char *)hay;
  return n == 0 ? (char *)hay : 0;
}

void *malloc(vigil_size_t size);

VIGIL_WEAK char *strdup(const char *s) {
  vigil_size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

VIGIL_WEAK char *strndup(const char *s, vigil_size_t max) {
  vigil_size_t n = strnlen(s, max);
  char *d = malloc(n + 1);
  if (!d) return 0;
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}
