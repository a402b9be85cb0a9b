/*
 * unlocked.c — the _unlocked forms of the stdio functions (POSIX getc_unlocked, getchar_unlocked,
 * putc_unlocked, putchar_unlocked; GNU fgetc_unlocked, fputc_unlocked, fputs_unlocked,
 * fwrite_unlocked, fflush_unlocked, fgets_unlocked). They differ from the plain functions only
 * in not taking the stream's lock; the runtime's streams have no lock, so each one is the plain
 * function. (feof_unlocked, ferror_unlocked and clearerr_unlocked are in stdin.c.)
 */
#include "rt.h"

RT_WEAK int getc_unlocked(FILE *stream) {
    return fgetc(stream);
}

RT_WEAK int fgetc_unlocked(FILE *stream) {
    return fgetc(stream);
}

RT_WEAK int getchar_unlocked(void) {
    return fgetc(stdin);
}

RT_WEAK char *fgets_unlocked(char *restrict s, int n, FILE *restrict stream) {
    return fgets(s, n, stream);
}

RT_WEAK int putc_unlocked(int c, FILE *stream) {
    return fputc(c, stream);
}

RT_WEAK int fputc_unlocked(int c, FILE *stream) {
    return fputc(c, stream);
}

RT_WEAK int putchar_unlocked(int c) {
    return fputc(c, stdout);
}

RT_WEAK int fputs_unlocked(const char *restrict s, FILE *restrict stream) {
    return fputs(s, stream);
}

RT_WEAK size_t fwrite_unlocked(const void *restrict data, size_t size, size_t n,
                               FILE *restrict stream) {
    return fwrite(data, size, n, stream);
}

RT_WEAK int fflush_unlocked(FILE *stream) {
    return fflush(stream);
}
