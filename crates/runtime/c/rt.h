/*
 * rt.h — private header of vigil's in-VM runtime (not seen by user programs).
 *
 * Declares every function the runtime defines, with the C standard's signatures (so the
 * definitions are checked against them), the minimal FILE type, and the helpers shared between
 * the runtime's files. The runtime is freestanding: only the compiler's own headers (stddef.h,
 * stdarg.h, limits.h) are available, no libc.
 *
 * Invariants for the whole runtime:
 *  - every externally visible function is defined with RT_WEAK, so a definition in the user's
 *    program wins at link time (llvm-link prefers a strong definition over a weak one);
 *  - no floating point (the build flags forbid SSE) except in the files fp_*.c (see build.rs),
 *    and no vector code;
 *  - every function is in the section ".vigil.runtime" (the pragma below);
 *  - memory that may hold pointers is only copied with __builtin_memcpy/__builtin_memmove: the VM
 *    implements those intrinsics natively and keeps pointer provenance, while a byte-by-byte copy
 *    of a pointer leaves only a plain integer behind.
 */
#ifndef VIGIL_RT_H
#define VIGIL_RT_H

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>

#include "vigil_vm.h"

/* Every function of the runtime lives in this section (vigil_ir::RUNTIME_SECTION): it survives
 * llvm-link, so the front end tells the runtime's code from the program's by it (the VM does not
 * check the runtime's arithmetic for overflow, the uninitialised-read analysis skips it). */
#pragma clang section text = ".vigil.runtime"

#define RT_WEAK __attribute__((weak))
#define RT_NORETURN __attribute__((noreturn))

typedef long ssize_t;

/* ---- stdio: the runtime's own FILE; user programs only ever hold pointers to it ---- */
typedef struct vigil_file {
    int fd;    /* 0 = stdin, 1 = stdout, 2 = stderr, RT_FD_MEMORY = an fmemopen stream */
    int eof;   /* the end-of-file indicator (feof) */
    int error; /* the error indicator (ferror) */
    int pushback; /* a byte pushed back by ungetc (the next one read), or -1 */
    int untouched; /* stdin: the pushed-back byte is an input no condition mentions (scanf.c) */
} FILE;

/* A FILE whose fd is RT_FD_MEMORY is the first member of a memory stream (memstream.c). */
#define RT_FD_MEMORY 3
/* A FILE whose fd is RT_FD_DISK is the first member of a stream on a file of the VM's file system
 * (files.c); one whose fd is -1 had its descriptor closed under it. */
#define RT_FD_DISK 4

extern FILE *stdin;
extern FILE *stdout;
extern FILE *stderr;

int printf(const char *fmt, ...);
int fprintf(FILE *stream, const char *fmt, ...);
int sprintf(char *buf, const char *fmt, ...);
int snprintf(char *buf, size_t size, const char *fmt, ...);
int vprintf(const char *fmt, va_list ap);
int vfprintf(FILE *stream, const char *fmt, va_list ap);
int vsprintf(char *buf, const char *fmt, va_list ap);
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int puts(const char *s);
int putchar(int c);
int fputs(const char *s, FILE *stream);
int fputc(int c, FILE *stream);
int putc(int c, FILE *stream);
int fflush(FILE *stream);
size_t fwrite(const void *restrict data, size_t size, size_t n, FILE *restrict stream);
int asprintf(char **restrict strp, const char *restrict fmt, ...);
int vasprintf(char **restrict strp, const char *restrict fmt, va_list ap);
int fgetc(FILE *stream);
int getc(FILE *stream);
int getchar(void);
char *fgets(char *restrict s, int n, FILE *restrict stream);
size_t fread(void *restrict data, size_t size, size_t n, FILE *restrict stream);
int feof(FILE *stream);
int ferror(FILE *stream);
void clearerr(FILE *stream);
int feof_unlocked(FILE *stream);
int ferror_unlocked(FILE *stream);
void clearerr_unlocked(FILE *stream);
FILE *fmemopen(void *restrict buf, size_t size, const char *restrict mode);
int ungetc(int c, FILE *stream);
void perror(const char *s);
int getc_unlocked(FILE *stream);
int fgetc_unlocked(FILE *stream);
int getchar_unlocked(void);
char *fgets_unlocked(char *restrict s, int n, FILE *restrict stream);
int putc_unlocked(int c, FILE *stream);
int fputc_unlocked(int c, FILE *stream);
int putchar_unlocked(int c);
int fputs_unlocked(const char *restrict s, FILE *restrict stream);
size_t fwrite_unlocked(const void *restrict data, size_t size, size_t n, FILE *restrict stream);
int fflush_unlocked(FILE *stream);
int sscanf(const char *restrict str, const char *restrict fmt, ...);
int vsscanf(const char *restrict str, const char *restrict fmt, va_list ap);
int scanf(const char *restrict fmt, ...);
int vscanf(const char *restrict fmt, va_list ap);
int fscanf(FILE *restrict stream, const char *restrict fmt, ...);
int vfscanf(FILE *restrict stream, const char *restrict fmt, va_list ap);
int fclose(FILE *stream);
FILE *fopen(const char *restrict path, const char *restrict mode);
FILE *fopen64(const char *restrict path, const char *restrict mode);
FILE *fdopen(int fd, const char *mode);
int fseek(FILE *stream, long offset, int whence);
long ftell(FILE *stream);
int fseeko(FILE *stream, long offset, int whence);
long ftello(FILE *stream);
void rewind(FILE *stream);
int open(const char *path, int flags, ...);
int open64(const char *path, int flags, ...);
ssize_t read(int fd, void *buf, size_t n);
long lseek(int fd, long offset, int whence);
long lseek64(int fd, long offset, int whence);
int close(int fd);
int fileno(FILE *stream);
int access(const char *path, int mode);
int unlink(const char *path);
int remove(const char *path);
/* File streams (files.c): the next byte (0..255) or -1 as fgetc, and fclose of one. */
int __vigil_file_getc(FILE *stream);
int __vigil_file_close(FILE *stream);
ssize_t getline(char **restrict line, size_t *restrict n, FILE *restrict stream);
ssize_t getdelim(char **restrict line, size_t *restrict n, int delim, FILE *restrict stream);
int isatty(int fd);
typedef void (*rt_sighandler)(int);
rt_sighandler signal(int sig, rt_sighandler handler);
int raise(int sig);
void __vigil_abort_signal(void);

/* ---- string.h ---- */
void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strcpy(char *restrict dst, const char *restrict src);
char *strncpy(char *restrict dst, const char *restrict src, size_t n);
char *strcat(char *restrict dst, const char *restrict src);
char *strncat(char *restrict dst, const char *restrict src, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strstr(const char *haystack, const char *needle);
char *strdup(const char *s);
char *strndup(const char *s, size_t n);
int strcasecmp(const char *a, const char *b);
int strncasecmp(const char *a, const char *b, size_t n);
size_t strspn(const char *s, const char *accept);
size_t strcspn(const char *s, const char *reject);
char *strpbrk(const char *s, const char *accept);
char *strtok(char *restrict s, const char *restrict delim);
char *strtok_r(char *restrict s, const char *restrict delim, char **restrict saveptr);
char *strsep(char **restrict stringp, const char *restrict delim);
void *memrchr(const void *s, int c, size_t n);
char *strchrnul(const char *s, int c);
void *rawmemchr(const void *s, int c);
void *memmem(const void *haystack, size_t hlen, const void *needle, size_t nlen);
char *index(const char *s, int c);
char *rindex(const char *s, int c);
char *strerror(int errnum);
char *strerror_r(int errnum, char *buf, size_t n);
int __xpg_strerror_r(int errnum, char *buf, size_t n);
char *stpcpy(char *restrict dst, const char *restrict src);
char *stpncpy(char *restrict dst, const char *restrict src, size_t n);
int ffs(int i);
int ffsl(long i);
int ffsll(long long i);

/* ---- ctype.h (and glibc's table interface) ---- */
int isalnum(int c);
int isalpha(int c);
int isblank(int c);
int iscntrl(int c);
int isdigit(int c);
int isgraph(int c);
int islower(int c);
int isprint(int c);
int ispunct(int c);
int isspace(int c);
int isupper(int c);
int isxdigit(int c);
int tolower(int c);
int toupper(int c);
const unsigned short **__ctype_b_loc(void);
const int **__ctype_tolower_loc(void);
const int **__ctype_toupper_loc(void);

/* ---- malloc ---- */
void *malloc(size_t size);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t size);
void *reallocarray(void *p, size_t n, size_t size);
void free(void *p);
void *aligned_alloc(size_t align, size_t size);
int posix_memalign(void **out, size_t align, size_t size);
void *memalign(size_t align, size_t size);
void *valloc(size_t size);
void *pvalloc(size_t size);

/* ---- stdlib ---- */
int abs(int x);
long labs(long x);
long long llabs(long long x);
typedef struct { int quot, rem; } div_t;
typedef struct { long quot, rem; } ldiv_t;
typedef struct { long long quot, rem; } lldiv_t;
typedef long long intmax_t; /* glibc: long on LP64, long long on ILP32; both 64 bits */
typedef struct { intmax_t quot, rem; } imaxdiv_t;
div_t div(int numer, int denom);
ldiv_t ldiv(long numer, long denom);
lldiv_t lldiv(long long numer, long long denom);
intmax_t imaxabs(intmax_t x);
imaxdiv_t imaxdiv(intmax_t numer, intmax_t denom);
RT_NORETURN void exit(int status);
RT_NORETURN void _Exit(int status);
RT_NORETURN void _exit(int status);
RT_NORETURN void quick_exit(int status);
RT_NORETURN void abort(void);
int atexit(void (*fn)(void));
int at_quick_exit(void (*fn)(void));
int atoi(const char *s);
long atol(const char *s);
long long atoll(const char *s);
long strtol(const char *restrict s, char **restrict end, int base);
long long strtoll(const char *restrict s, char **restrict end, int base);
unsigned long strtoul(const char *restrict s, char **restrict end, int base);
unsigned long long strtoull(const char *restrict s, char **restrict end, int base);
int rand(void);
void srand(unsigned seed);
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *));
int *__errno_location(void);
ssize_t getrandom(void *buf, size_t n, unsigned flags);
char *getenv(const char *name);
long time(long *t);
long clock(void);
unsigned sleep(unsigned seconds);
int usleep(unsigned useconds);
struct rt_timespec { /* struct timespec: time_t is long in both data models */
    long tv_sec;
    long tv_nsec;
};
int nanosleep(const struct rt_timespec *req, struct rt_timespec *rem);
int clock_gettime(int id, struct rt_timespec *ts);
int clock_getres(int id, struct rt_timespec *res);
int timespec_get(struct rt_timespec *ts, int base);
/* struct tm, glibc's layout (tm_gmtoff and tm_zone after the nine ints). */
struct rt_tm {
    int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday, tm_isdst;
    long tm_gmtoff;
    const char *tm_zone;
};
size_t strftime(char *restrict s, size_t max, const char *restrict fmt, const struct rt_tm *restrict tm);
struct rt_tm *gmtime(const long *t);
struct rt_tm *gmtime_r(const long *restrict t, struct rt_tm *restrict out);
struct rt_tm *localtime(const long *t);
struct rt_tm *localtime_r(const long *restrict t, struct rt_tm *restrict out);
long mktime(struct rt_tm *tm);
long timegm(struct rt_tm *tm);
char *asctime(const struct rt_tm *tm);
char *asctime_r(const struct rt_tm *restrict tm, char *restrict buf);
char *ctime(const long *t);
char *ctime_r(const long *t, char *buf);
void tzset(void);
/* Reads the local zone as glibc does at the first conversion: tzname becomes the zone's (time_conv.c). */
void __vigil_zone_init(void);

/* The running thread's rounding direction (fesetround's modes, x86's values), which the VM keeps
 * in its state flags VM_FLAG_ROUND_DOWN / VM_FLAG_ROUND_UP (both: toward zero). */
#define RT_FE_TONEAREST 0
#define RT_FE_DOWNWARD 0x400
#define RT_FE_UPWARD 0x800
#define RT_FE_TOWARDZERO 0xc00
#define RT_ROUND_FLAGS (VM_FLAG_ROUND_DOWN | VM_FLAG_ROUND_UP)
static inline int rt_round_flags(void) {
    return (int)(__vm_control(VM_CTL_GET_FLAGS, 0, 0) & RT_ROUND_FLAGS);
}
static inline int rt_rounding(void) {
    int f = rt_round_flags();
    return (f & VM_FLAG_ROUND_DOWN ? RT_FE_DOWNWARD : 0) | (f & VM_FLAG_ROUND_UP ? RT_FE_UPWARD : 0);
}
/* How an inexact digit string of a value of that sign is cut in the current direction: 0 to
 * nearest (ties to even), 1 truncated (toward zero), 2 away from zero (printf, as glibc does). */
static inline int rt_rounding_cut(int negative) {
    switch (rt_rounding()) {
    case RT_FE_TONEAREST: return 0;
    case RT_FE_DOWNWARD: return negative ? 2 : 1;
    case RT_FE_UPWARD: return negative ? 1 : 2;
    default: return 1;
    }
}
/* Makes `flags` (RT_ROUND_FLAGS bits) the VM's rounding direction. */
static inline void rt_set_round_flags(int flags) {
    if (rt_round_flags() == flags)
        return;
    __vm_control(VM_CTL_CLEAR_FLAGS, RT_ROUND_FLAGS, 0);
    if (flags)
        __vm_control(VM_CTL_SET_FLAGS, flags, 0);
}

#define RT_RAND_MAX 2147483647
#define RT_EDOM 33
#define RT_ERANGE 34
#define RT_EINVAL 22
#define RT_ENOMEM 12
#define RT_EINTR 4
#define RT_EAGAIN 11
#define RT_ENOSYS 38
#define RT_EBADF 9
#define RT_EOVERFLOW 75

/* ---- assert / SV-COMP ---- */
RT_NORETURN void __assert_fail(const char *assertion, const char *file, unsigned line,
                               const char *function);
_Bool __VERIFIER_nondet_bool(void);
char __VERIFIER_nondet_char(void);
unsigned char __VERIFIER_nondet_uchar(void);
short __VERIFIER_nondet_short(void);
unsigned short __VERIFIER_nondet_ushort(void);
int __VERIFIER_nondet_int(void);
unsigned int __VERIFIER_nondet_uint(void);
unsigned int __VERIFIER_nondet_unsigned(void);
long __VERIFIER_nondet_long(void);
unsigned long __VERIFIER_nondet_ulong(void);
long long __VERIFIER_nondet_longlong(void);
unsigned long long __VERIFIER_nondet_ulonglong(void);
size_t __VERIFIER_nondet_size_t(void);
void *__VERIFIER_nondet_pointer(void);
void __VERIFIER_assume(int cond);
RT_NORETURN void __VERIFIER_error(void);
void reach_error(void);
void __VERIFIER_assert(int cond);
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

/* ---- helpers shared between the runtime's files (defined in stdio.c and stdlib.c) ---- */

/* The body of a variadic front end (printf, sscanf, …): gathers the arguments after parameter
 * `last` into `ap` and returns `call`, the int its va_list form returns. */
#define RT_VA_FORWARD(last, call) \
    va_list ap;                   \
    va_start(ap, last);           \
    int rt_va_result = (call);    \
    va_end(ap);                   \
    return rt_va_result

/* Is the VM recording a trace? Trace messages are only formatted then (see VM_CTL_TRACING). */
static inline int rt_tracing(void) {
    return __vm_control(VM_CTL_TRACING, 0, 0) != 0;
}
/* The program's constructors (llvm.global_ctors) in priority order, each called with as many of
 * (argc, argv, envp) as it takes, and its destructors (llvm.global_dtors) in glibc's order. The
 * runtime's definitions (os.c) are weak and empty; the front end replaces them by the program's
 * lists when it has any, as a strong definition would at link time. */
void __vigil_constructors(int argc, char **argv, char **envp);
void __vigil_destructors(void);
/* Stops the program: sets VM_FLAG_EXIT and never returns (the VM stops at the flag). */
RT_NORETURN void __vigil_stop(void);
/* Raises a fault of `kind` after tracing `why` (VM_TRACE_INFO) when it is not NULL. */
void __vigil_fault(int kind, const char *why);

/* Do the byte ranges [a, a + alen) and [b, b + blen) share a byte? Inside the VM pointers into
 * different objects compare by object first, so ranges in different objects never overlap. */
static inline int rt_ranges_overlap(const void *a, size_t alen, const void *b, size_t blen) {
    const char *x = a, *y = b;
    return alen != 0 && blen != 0 && x < y + blen && y < x + alen;
}

/* How many bytes strncpy(dst, src, n) reads from src: up to n, and the NUL if it comes first. */
size_t __vigil_bounded_source(const char *src, size_t n);

/* Raises VM_FAULT_OVERLAP for library function `fn` when the destination range it writes and
 * the source range it reads overlap (C11 7.24.1p1 and the `restrict` parameters: undefined). */
static inline void rt_check_overlap(const char *fn, const void *dst, size_t dlen, const void *src,
                                    size_t slen) {
    if (rt_ranges_overlap(dst, dlen, src, slen))
        __vigil_fault(VM_FAULT_OVERLAP, fn);
}
/* strcpy and stpcpy (`fn` names the one called): copies src with its NUL to dst after the
 * overlap check; returns where the NUL was written. */
char *__vigil_copy_string(const char *fn, char *restrict dst, const char *restrict src);
/* Formats into `buf` (always NUL-terminated when size > 0); returns the full length. */
int __vigil_format(char *buf, size_t size, const char *fmt, ...);
/* Memory streams (memstream.c). Output to one: 1 if it may proceed, else 0 with the stream's
 * error indicator and errno set (or a fault when the output is not modelled). */
int __vigil_memstream_write(FILE *stream);
/* The next byte of a memory stream (0..255) or -1, as fgetc. */
int __vigil_memstream_getc(FILE *stream);
/* fflush of a memory stream; returns 0. */
int __vigil_memstream_flush(FILE *stream);

/* Enters an atomic section unless the caller is already in one (__VERIFIER_atomic_begin);
 * returns whether it did, for rt_atomic_end. */
static inline int rt_atomic_begin(void) {
    if (__vm_control(VM_CTL_GET_FLAGS, 0, 0) & VM_FLAG_ATOMIC)
        return 0;
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_ATOMIC, 0);
    return 1;
}

static inline void rt_atomic_end(int entered) {
    if (entered)
        __vm_control(VM_CTL_CLEAR_FLAGS, VM_FLAG_ATOMIC, 0);
}

#endif
