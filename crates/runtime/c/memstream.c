/*
 * memstream.c — fmemopen (POSIX 2008) and fclose (of file streams through files.c): a stream over a memory buffer, modelled on
 * glibc >= 2.22 (libio/fmemopen.c on top of fopencookie).
 *
 * What is modelled, as glibc does it:
 *  - opening: the mode's first character must be r, w or a (else NULL, EINVAL); "+" right after
 *    it, or after a "b", opens for update; other characters are ignored. buf == NULL makes the
 *    stream own a buffer of `size` bytes (freed by fclose); "w+" stores a NUL at buf[0]; an
 *    append stream starts at the first NUL (or at size). Like glibc's cookie, the stream keeps a
 *    position `pos` and an end `maxpos` (size for "r", 0 for "w", the first NUL for "a");
 *  - reading goes through a stdio buffer exactly as glibc's does: when the buffer is empty, up
 *    to BUFSIZ (8192) bytes from pos up to maxpos are copied out of the user's buffer at once, so
 *    changes the program makes to its buffer afterwards are not seen until fflush (which moves pos
 *    back over the unread bytes and drops them, as glibc's sync does) — the same stale bytes
 *    glibc returns. The end of the data sets the sticky end-of-file indicator;
 *  - output to a read-only stream fails: the error indicator is set, errno is EBADF, and the
 *    function returns its failure value (stdio.c; writes of zero bytes succeed, as in glibc);
 *    input from a write-only stream fails the same way;
 *  - open streams are kept on a list reachable from a global, as glibc keeps every FILE on
 *    _IO_list_all, so a stream that is never closed is not a memory leak (also not for glibc).
 *
 * Not modelled: output to a writable memory stream (glibc buffers it and writes it out on fflush,
 * fclose or when 8192 bytes are pending; the runtime does not reproduce that yet), so such a write
 * raises VM_FAULT_INVALID_ARG, which violates no property: the verdict is `unknown`, never wrong.
 * fseek/ftell/fread are not offered. fclose of stdin/stdout/stderr is not modelled either, nor
 * fflush of a memory stream while a byte pushed back by ungetc is pending (glibc's backup area).
 */
#include "rt.h"

#define RT_BUFSIZ 8192

struct memstream {
    FILE file; /* first member: a FILE * to a memory stream points here; fd = RT_FD_MEMORY */
    struct memstream *next; /* the list of open memory streams */
    char *buf;              /* the user's buffer, or an owned one */
    size_t size;            /* the size argument */
    size_t pos;             /* glibc's cookie position */
    size_t maxpos;          /* glibc's cookie end of data */
    int readable, writable, append, owns_buf;
    /* glibc's stdio read buffer: rbuf[rpos..rlen) not yet returned to the program */
    char *rbuf;
    size_t rlen, rpos;
};

static struct memstream *open_streams;

static struct memstream *as_memstream(FILE *stream) {
    return (struct memstream *)stream;
}

RT_WEAK FILE *fmemopen(void *restrict buf, size_t size, const char *restrict mode) {
    int readable = 1, writable = 1, append = 0;
    switch (mode[0]) {
    case 'r': writable = 0; break;
    case 'w': readable = 0; break;
    case 'a': readable = 0; append = 1; break;
    default:
        *__errno_location() = RT_EINVAL;
        return NULL;
    }
    if (mode[1] == '+' || (mode[1] == 'b' && mode[2] == '+'))
        readable = writable = 1;

    struct memstream *m = malloc(sizeof *m);
    if (!m)
        return NULL;
    m->owns_buf = buf == NULL;
    if (!buf) {
        buf = malloc(size);
        if (!buf) {
            free(m);
            return NULL;
        }
        if (size > 0) /* glibc writes this NUL even for size 0, one byte past its allocation */
            ((char *)buf)[0] = 0;
    } else if (mode[0] == 'w' && mode[1] == '+') {
        ((char *)buf)[0] = 0;
    }
    m->file.fd = RT_FD_MEMORY;
    m->file.eof = 0;
    m->file.error = 0;
    m->file.pushback = -1;
    m->buf = buf;
    m->size = size;
    m->maxpos = 0;
    if (mode[0] == 'a' && !m->owns_buf)
        m->maxpos = strnlen(buf, size);
    if (mode[0] == 'r')
        m->maxpos = size;
    m->pos = append ? m->maxpos : 0;
    m->readable = readable;
    m->writable = writable;
    m->append = append;
    m->rbuf = NULL;
    m->rlen = m->rpos = 0;
    m->next = open_streams;
    open_streams = m;
    return &m->file;
}

static void drop_read_buffer(struct memstream *m) {
    if (m->rbuf)
        __vm_obj_free(m->rbuf);
    m->rbuf = NULL;
    m->rlen = m->rpos = 0;
}

RT_WEAK int __vigil_memstream_write(FILE *stream) {
    struct memstream *m = as_memstream(stream);
    if (!m->writable) {
        m->file.error = 1;
        *__errno_location() = RT_EBADF;
        return 0;
    }
    __vigil_fault(VM_FAULT_INVALID_ARG, "output to a writable fmemopen stream is not modelled");
    return 0;
}

RT_WEAK int __vigil_memstream_getc(FILE *stream) {
    struct memstream *m = as_memstream(stream);
    if (m->rpos < m->rlen)
        return (unsigned char)m->rbuf[m->rpos++];
    if (!m->readable) {
        m->file.error = 1;
        *__errno_location() = RT_EBADF;
        return -1;
    }
    if (m->file.eof)
        return -1;
    drop_read_buffer(m);
    /* Two separate exits: written as one saturating subtraction, clang would form
     * llvm.usub.sat, which vigil's IR does not model. */
    if (m->pos >= m->maxpos) {
        m->file.eof = 1;
        return -1;
    }
    size_t n = m->maxpos - m->pos;
    if (n > RT_BUFSIZ)
        n = RT_BUFSIZ;
    m->rbuf = __vm_obj_make_internal(n);
    __builtin_memcpy(m->rbuf, m->buf + m->pos, n);
    m->pos += n;
    m->rlen = n;
    m->rpos = 1;
    return (unsigned char)m->rbuf[0];
}

RT_WEAK int __vigil_memstream_flush(FILE *stream) {
    struct memstream *m = as_memstream(stream);
    if (m->file.pushback >= 0) {
        __vigil_fault(VM_FAULT_INVALID_ARG, "fflush of a memory stream after ungetc is not modelled");
        return -1;
    }
    m->pos -= m->rlen - m->rpos;
    drop_read_buffer(m);
    return 0;
}

RT_WEAK int fclose(FILE *stream) {
    if (stream && stream != stdin && stream != stdout && stream != stderr &&
        (stream->fd == RT_FD_DISK || stream->fd == -1))
        return __vigil_file_close(stream);
    if (!stream || stream->fd != RT_FD_MEMORY) {
        __vigil_fault(VM_FAULT_INVALID_ARG, "fclose of a stream that is not a file or an fmemopen stream");
        return -1;
    }
    struct memstream *m = as_memstream(stream);
    struct memstream **link = &open_streams;
    while (*link && *link != m)
        link = &(*link)->next;
    if (!*link) {
        __vigil_fault(VM_FAULT_INVALID_ARG, "fclose of a stream that is not open");
        return -1;
    }
    *link = m->next;
    drop_read_buffer(m);
    if (m->owns_buf)
        free(m->buf);
    free(m);
    return 0;
}
