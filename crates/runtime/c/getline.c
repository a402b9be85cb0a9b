/*
 * getline.c — getline and getdelim (POSIX 2008), on top of fgetc, as glibc's libio/iogetdelim.c
 * behaves (checked natively in tests/native and against native runs by tests/c 580-581):
 *  - line or n NULL: EINVAL, -1; a stream whose error indicator is already set: -1 at once;
 *  - *line NULL or *n == 0: a buffer of 120 bytes is allocated first (*n = 120) — even when
 *    nothing is read after it, so the caller must free *line in every case;
 *  - bytes are appended up to and including the delimiter; the buffer grows when the bytes and a
 *    NUL do not fit, to the larger of the size needed and twice the old size (realloc), and *n
 *    is the new size;
 *  - the end of the input or a read error before any byte: -1 (the buffer is not terminated);
 *    after some bytes: the line read so far, terminated, and its length;
 *  - allocation failure: ENOMEM, -1.
 * glibc grows the buffer once per chunk of its stdio buffer, the runtime once per byte: the
 * returned text and length are the same, and *n is the same whenever the line fits in 120 bytes
 * or a chunk ends at every doubling. For longer lines read in one chunk, glibc's *n can be larger
 * (the exact size needed instead of a power-of-two multiple of 120); a program that reads *n
 * rather than the returned length may then see a different number (never a safety difference:
 * the usable buffer is at least the line's length + 1 on both).
 */
#include "rt.h"

#define EOF (-1)
#define INITIAL_SIZE 120

RT_WEAK ssize_t getdelim(char **restrict line, size_t *restrict n, int delim, FILE *restrict stream) {
    if (!line || !n) {
        *__errno_location() = RT_EINVAL;
        return -1;
    }
    if (ferror(stream))
        return -1;
    if (!*line || *n == 0) {
        char *fresh = realloc(*line, INITIAL_SIZE);
        if (!fresh) {
            *__errno_location() = RT_ENOMEM;
            return -1;
        }
        *line = fresh;
        *n = INITIAL_SIZE;
    }
    size_t len = 0;
    for (;;) {
        int c = fgetc(stream);
        if (c == EOF) {
            if (len == 0)
                return -1;
            break;
        }
        if (len + 2 > *n) {
            size_t needed = len + 2;
            if (needed > (size_t)LONG_MAX) {
                *__errno_location() = RT_EOVERFLOW;
                return -1;
            }
            if (needed < 2 * *n)
                needed = 2 * *n;
            char *grown = realloc(*line, needed);
            if (!grown) {
                *__errno_location() = RT_ENOMEM;
                return -1;
            }
            *line = grown;
            *n = needed;
        }
        (*line)[len++] = (char)c;
        if (c == (unsigned char)delim)
            break;
    }
    (*line)[len] = 0;
    return (ssize_t)len;
}

RT_WEAK ssize_t getline(char **restrict line, size_t *restrict n, FILE *restrict stream) {
    return getdelim(line, n, '\n', stream);
}
