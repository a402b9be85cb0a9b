/* stdio.c — output only: printf and friends format into a buffer that goes to the
 * counterexample trace (VM_TRACE_TEXT) at each newline, so program output appears in traces.
 * Supported: %d %i %u %x %X %o %c %s %p %% with h, hh, l, ll, z, j, t length modifiers, field
 * width, '-' and '0' flags, precision for %s. Floating point prints "<float>". */
#include <stdarg.h>
#include "vigil_vm.h"

typedef struct vigil_file { int fd; } FILE;
static FILE out_file = {1}, err_file = {2};
VIGIL_WEAK FILE *stdout = &out_file;
VIGIL_WEAK FILE *stderr = &err_file;

int __vigil_format_ll(char *buf, long long v, int is_unsigned, int base, int upper) {
  char tmp[24];
  int n = 0, len = 0;
  unsigned long long u = is_unsigned || v >= 0 ? (unsigned long long)v : 0ULL - (unsigned long long)v;
  const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  do {
    tmp[n++] = digits[u % (unsigned)base];
    u /= (unsigned)base;
  } while (u);
  if (!is_unsigned && v < 0) buf[len++] = '-';
  while (n) buf[len++] = tmp[--n];
  return len;
}

/* A sink: a bounded buffer, optionally flushed to the trace. */
struct sink {
  char *buf;
  vigil_size_t cap, len, total;
  int to_trace;
};

static void flush(struct sink *s) {
  if (s->to_trace && s->len) {
    s->buf[s->len] = 0;
    __vm_trace(VM_TRACE_TEXT, s->buf);
    s->len = 0;
  }
}

static void put(struct sink *s, char c) {
  s->total++;
  if (s->len + 1 < s->cap) s->buf[s->len++] = c;
  if (s->to_trace && (c == '\n' || s->len + 1 >= s->cap)) flush(s);
}

static void put_padded(struct sink *s, const char *p, int n, int width, int left, char pad) {
  if (!left)
    for (int i = n; i < width; i++) put(s, pad);
  for (int i = 0; i < n; i++) put(s, p[i]);
  if (left)
    for (int i = n; i < width; i++) put(s, ' ');
}

static void format(struct sink *s, const char *f, va_list ap) {
  for (; *f; f++) {
    if (*f != '%') {
      put(s, *f);
      continue;
    }
    f++;
    int left = 0, zero = 0, width = 0, prec = -1, lng = 0, half = 0;
    for (;; f++) {
      if (*f == '-') left = 1;
      else if (*f == '0') zero = 1;
      else if (*f == '+' || *f == ' ' || *f == '#') {}
      else break;
    }
    if (*f == '*') { width = va_arg(ap, int); f++; }
    while (*f >= '0' && *f <= '9') width = width * 10 + (*f++ - '0');
    if (*f == '.') {
      f++;
      prec = 0;
      if (*f == '*') { prec = va_arg(ap, int); f++; }
      while (*f >= '0' && *f <= '9') prec = prec * 10 + (*f++ - '0');
    }
    for (;; f++) {
      if (*f == 'l' || *f == 'z' || *f == 'j' || *f == 't') lng++;
      else if (*f == 'h') half++;
      else break;
    }
    char num[32];
    int n;
    switch (*f) {
    case 'd': case 'i': {
      long long v = lng ? va_arg(ap, long long) : va_arg(ap, int);
      if (!lng && half == 1) v = (short)v;
      if (!lng && half >= 2) v = (signed char)v;
      n = __vigil_format_ll(num, v, 0, 10, 0);
      put_padded(s, num, n, width, left, zero && !left ? '0' : ' ');
      break;
    }
    case 'u': case 'x': case 'X': case 'o': {
      unsigned long long v = lng ? va_arg(ap, unsigned long long) : va_arg(ap, unsigned int);
      if (!lng && half == 1) v = (unsigned short)v;
      if (!lng && half >= 2) v = (unsigned char)v;
      int base = *f == 'u' ? 10 : *f == 'o' ? 8 : 16;
      n = __vigil_format_ll(num, (long long)v, 1, base, *f == 'X');
      put_padded(s, num, n, width, left, zero && !left ? '0' : ' ');
      break;
    }
    case 'p': {
      void *p = va_arg(ap, void *);
      if (!p) {
        put_padded(s, "(nil)", 5, width, left, ' ');
        break;
      }
      num[0] = '0';
      num[1] = 'x';
      n = 2 + __vigil_format_ll(num + 2, (long long)(unsigned long)p, 1, 16, 0);
      put_padded(s, num, n, width, left, ' ');
      break;
    }
    case 'c': num[0] = (char)va_arg(ap, int); put_padded(s, num, 1, width, left, ' '); break;
    case 's': {
      const char *str = va_arg(ap, const char *);
      if (!str) str = "(null)";
      int len = 0;
      while (str[len] && (prec < 0 || len < prec)) len++;
      put_padded(s, str, len, width, left, ' ');
      break;
    }
    case 'f': case 'e': case 'g': case 'F': case 'E': case 'G':
      (void)va_arg(ap, double);
      put_padded(s, "<float>", 7, width, left, ' ');
      break;
    case '%': put(s, '%'); break;
    case 0: return;
    default: put(s, '%'); put(s, *f);
    }
  }
}

VIGIL_WEAK int vprintf(const char *f, va_list ap) {
  char buf[256];
  struct sink s = {buf, sizeof buf, 0, 0, 1};
  format(&s, f, ap);
  flush(&s);
  return (int)s.total;
}

VIGIL_WEAK int printf(const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int n = vprintf(f, ap);
  va_end(ap);
  return n;
}

VIGIL_WEAK int vfprintf(FILE *file, const char *f, va_list ap) {
  (void)file;
  return vprintf(f, ap);
}

VIGIL_WEAK int fprintf(FILE *file, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int n = vfprintf(file, f, ap);
  va_end(ap);
  return n;
}

VIGIL_WEAK int vsnprintf(char *buf, vigil_size_t cap, const char *f, va_list ap) {
  char dummy[1];
  struct sink s = {cap ? buf : dummy, cap ? cap : 1, 0, 0, 0};
  format(&s, f, ap);
  s.buf[s.len] = 0;
  return (int)s.total;
}

VIGIL_WEAK int snprintf(char *buf, vigil_size_t cap, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int n = vsnprintf(buf, cap, f, ap);
  va_end(ap);
  return n;
}

VIGIL_WEAK int sprintf(char *buf, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int n = vsnprintf(buf, ~0UL >> 1, f, ap);
  va_end(ap);
  return n;
}

VIGIL_WEAK int puts(const char *str) { return printf("%s\n", str); }
VIGIL_WEAK int putchar(int c) { return printf("%c", c); }
VIGIL_WEAK int fputs(const char *str, FILE *file) { (void)file; return printf("%s", str); }
VIGIL_WEAK int fputc(int c, FILE *file) { (void)file; return printf("%c", c); }
VIGIL_WEAK int putc(int c, FILE *file) { (void)file; return printf("%c", c); }
VIGIL_WEAK int fflush(FILE *file) { (void)file; return 0; }
