/*
 * files.c — the VM's file system: the files the user lists with `vigil check --file NAME=PATH`,
 * read-only, and other names that may exist with unknown contents (below). open, read, lseek, close, fopen, fdopen, fseek, ftell, rewind,
 * the stream side of fclose, isatty, access, unlink and remove; the byte-level reading of a file stream for stdin.c
 * (fgetc, fgets, fread, fscanf, getline … all read through it).
 *
 * Where the files come from: the CLI compiles a generated C file with the program that defines
 * __vigil_vm_files (name, bytes, size of each listed file) and __vigil_vm_file_count; the
 * runtime's weak definitions below say "no files" otherwise. The bytes are therefore part of
 * the program: every engine run, replay and saved counterexample (which records them) sees the
 * same files, and they are constant data, never part of the explored state beyond the positions.
 *
 * The rule (README, "Files"): the file system is a read-only mount that holds the listed files
 * under exactly the names given (no directory resolution: "./a" is not "a"). What glibc and
 * Linux do on such a mount is what the program sees:
 *  - opening a listed file for reading succeeds; for writing ("w", "a", "r+", O_WRONLY, O_RDWR,
 *    O_TRUNC) it fails with EROFS;
 *  - opening another name for reading is the choice described below; "r+" of it fails with
 *    ENOENT, and EROFS when it would create the file ("w", "a", O_CREAT); O_CREAT|O_EXCL of a
 *    listed file: EEXIST;
 *  - an invalid fopen/fdopen mode gives EINVAL; more than 13 open descriptors EMFILE (a small
 *    limit, as `ulimit -n 16` would give: the table is part of every program's state).
 * A program that needs a writable file gets the failure path explored (as a real read-only
 * file system gives). Every refusal that another file system could grant (a write, the
 * descriptor limit, access(2) and unlink(2) answers) raises VM_FLAG_FS_FIXED: runs where the
 * request succeeds are not explored, so such a path can show a violation but cannot prove
 * `true`. Only O_EXCL on a listed file (EEXIST) is certain: the user said it exists.
 *
 * Opening a name that is not listed for reading (fopen "r", open O_RDONLY without O_CREAT) is a
 * choice over everything a real system can answer, so no path is left out: the open fails with
 * one of the errors open(2) gives a read-only open (OPEN_ERRORS; choice 0 is ENOENT, the answer
 * of a run on the machine without the file), or, as the last choice, it succeeds on a file whose
 * contents are unknown (`unknown_file`). Only opening and closing such a file are modelled
 * for every file system: a read, a seek or a position request reads it as the empty file (one
 * of the files it may be, so every path explored is a real one) and raises VM_FLAG_FS_FIXED
 * (the other contents are not explored). So a `true` needs a program that never looks inside
 * (SV-COMP's `loops/aiob_4`: open a configuration file, return when it is missing, otherwise
 * compute without reading it). A successful open is recorded as VM_ENV_FILE_UNKNOWN (a native
 * run cannot have that file); a failed one as VM_ENV_FILE_REFUSED, as before.
 *
 * Reading follows glibc: read() returns up to the bytes left (0 at the end), lseek allows
 * positions past the end (reads there return 0) and rejects negative results with EINVAL; a
 * stream's end-of-file indicator is sticky (glibc >= 2.28) until clearerr, fseek or rewind; fseek
 * and rewind drop a pushed-back byte, ftell counts it (one less), rewind also clears the error
 * indicator. Output to a file stream fails as for any stream opened read-only (error indicator,
 * EBADF, stdio.c). Descriptors 0-2 are the standard streams; read() and lseek() on them are not
 * modelled (VM_FAULT_INVALID_ARG, so `unknown`). A stream reads through its descriptor one byte
 * at a time, where glibc reads ahead in blocks: the bytes a program sees are the same unless it
 * mixes read()/lseek() with stdio on one descriptor, which is then not glibc's position.
 *
 * isatty: for 0, 1 and 2 whether a terminal is attached is an input the program cannot know
 * in advance, so it is a choice (__vm_choose: 0 not a terminal — errno ENOTTY, 1 a terminal);
 * for a file descriptor 0 with ENOTTY; otherwise 0 with EBADF.
 *
 * Descriptors live in a static table; a stream (fopen, fdopen) is a heap object reachable from
 * it, as glibc mallocs its FILEs and keeps them listed: a stream never closed is not lost memory
 * (valid-memtrack) but is still allocated at exit (valid-memcleanup), as for fmemopen streams.
 * CBMC and ESBMC model fopen as returning an arbitrary stream or NULL with arbitrary contents;
 * DIVINE's DiOS has a virtual file system filled from host files named on its command line
 * (README compares them).
 */
#include "rt.h"

struct rt_vm_file {
    const char *name;
    const unsigned char *data;
    unsigned long size;
};

/* Defined by the CLI's generated file when --file is given (strong definitions win). */
RT_WEAK const struct rt_vm_file *__vigil_vm_files = 0;
RT_WEAK unsigned long __vigil_vm_file_count = 0;

#define RT_ENOENT 2
#define RT_EEXIST 17
#define RT_EMFILE 24
#define RT_ENOTTY 25
#define RT_EROFS 30
#define O_ACCMODE_V 3
#define O_CREAT_V 0100
#define O_EXCL_V 0200
#define O_TRUNC_V 01000
#define MAX_FDS 16

/* The errors open(2) can give a read-only open of an existing or missing name without O_CREAT
 * (Linux man page): ENOENT, EACCES, EINTR, ELOOP, EMFILE, ENAMETOOLONG, ENFILE, ENODEV, ENOMEM,
 * ENOTDIR, ENXIO. (EISDIR needs write access; EFBIG/EOVERFLOW do not arise with glibc's
 * O_LARGEFILE.) */
#define OPEN_ERRORS 11
static const int open_errors[OPEN_ERRORS] = {RT_ENOENT, 13, 4, 40, RT_EMFILE, 36, 23, 19, 12, 20, 6};

/* The file behind a descriptor opened on a name that is not listed: contents unknown. */
static const struct rt_vm_file unknown_file = {"", NULL, 0};

/* An open descriptor (file NULL: the slot is free). The table is static, not heap objects: a
 * descriptor is kernel state, so one left open at exit is no memory leak under any property. */
struct open_file {
    const struct rt_vm_file *file;
    size_t pos;
    FILE *stream; /* the stream fopen/fdopen made on it, or NULL */
};

static struct open_file fds[MAX_FDS];

static void set_errno(int e) {
    *__errno_location() = e;
}

static const struct rt_vm_file *lookup(const char *name) {
    for (unsigned long i = 0; i < __vigil_vm_file_count; i++)
        if (strcmp(__vigil_vm_files[i].name, name) == 0)
            return &__vigil_vm_files[i];
    return NULL;
}

static struct open_file *descriptor(int fd) {
    return fd >= 3 && fd < MAX_FDS && fds[fd].file ? &fds[fd] : NULL;
}

/* A request refused by this file system that another one could grant: errno `err`, and the
 * path no longer stands for every environment (VM_FLAG_FS_FIXED). Returns -1. */
static int refused_here(int err) {
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_FS_FIXED, 0);
    set_errno(err);
    return -1;
}

/* Opens `name` (write: the access asks for writing; create: O_CREAT; excl: O_EXCL); returns the
 * descriptor or -1 with errno. */
static int open_file(const char *name, int write, int create, int excl) {
    const struct rt_vm_file *f = lookup(name);
    if (!f && !write && !create) {
        int k = __vm_choose(OPEN_ERRORS + 1); /* 0 .. OPEN_ERRORS - 1: that error; last: opened */
        if (k < OPEN_ERRORS) {
            __vm_control(VM_CTL_ENVIRONMENT, VM_ENV_FILE_REFUSED, open_errors[k]);
            set_errno(open_errors[k]);
            return -1;
        }
        f = &unknown_file;
    }
    int refused = f && create && excl ? RT_EEXIST : !f ? (create ? RT_EROFS : RT_ENOENT) : write ? RT_EROFS : 0;
    if (refused) {
        __vm_control(VM_CTL_ENVIRONMENT, VM_ENV_FILE_REFUSED, refused);
        if (refused == RT_EEXIST) {
            set_errno(refused);
            return -1;
        }
        return refused_here(refused);
    }
    for (int fd = 3; fd < MAX_FDS; fd++) {
        if (!fds[fd].file) {
            struct open_file *o = &fds[fd];
            o->file = f;
            o->pos = 0;
            o->stream = NULL;
            int unknown = f == &unknown_file;
            if (rt_tracing()) {
                char msg[128];
                __vigil_format(msg, sizeof msg, unknown ? "file %s opened (fd %d): not given with --file, contents unknown"
                                                        : "file %s opened (fd %d)",
                               name, fd);
                __vm_trace(VM_TRACE_INFO, msg);
            }
            __vm_control(VM_CTL_ENVIRONMENT, unknown ? VM_ENV_FILE_UNKNOWN : VM_ENV_FILE_OPENED, fd);
            return fd;
        }
    }
    __vm_control(VM_CTL_ENVIRONMENT, VM_ENV_FILE_REFUSED, RT_EMFILE);
    return refused_here(RT_EMFILE);
}

RT_WEAK int open(const char *path, int flags, ...) {
    int write = (flags & O_ACCMODE_V) != 0 || (flags & O_TRUNC_V) != 0;
    return open_file(path, write, (flags & O_CREAT_V) != 0, (flags & O_EXCL_V) != 0);
}

RT_WEAK int open64(const char *path, int flags, ...) {
    int write = (flags & O_ACCMODE_V) != 0 || (flags & O_TRUNC_V) != 0;
    return open_file(path, write, (flags & O_CREAT_V) != 0, (flags & O_EXCL_V) != 0);
}

/* The open file of descriptor fd for the call `what`: the standard streams are not modelled
 * (a fault), and an fd that is not open is EBADF (NULL). */
static struct open_file *open_descriptor(int fd, const char *what) {
    if (fd >= 0 && fd < 3) {
        __vigil_fault(VM_FAULT_INVALID_ARG, what);
        return NULL;
    }
    struct open_file *o = descriptor(fd);
    if (!o)
        set_errno(RT_EBADF);
    return o;
}

/* Before a read, seek or position request on o: a file whose contents are unknown is read as
 * the empty file, and the path no longer stands for every file system (VM_FLAG_FS_FIXED). */
static void fix_contents(const struct open_file *o) {
    if (o->file == &unknown_file)
        __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_FS_FIXED, 0);
}

RT_WEAK ssize_t read(int fd, void *buf, size_t n) {
    struct open_file *o = open_descriptor(fd, "read() of a standard stream is not modelled");
    if (!o)
        return -1;
    fix_contents(o);
    /* Two separate exits: as one saturating subtraction clang would form llvm.usub.sat,
     * which vigil's IR does not model. */
    if (o->pos >= o->file->size)
        return 0;
    size_t left = o->file->size - o->pos;
    size_t k = n < left ? n : left;
    if (k > 0)
        __builtin_memcpy(buf, o->file->data + o->pos, k);
    o->pos += k;
    return (ssize_t)k;
}

RT_WEAK long lseek(int fd, long offset, int whence) {
    struct open_file *o = open_descriptor(fd, "lseek() of a standard stream is not modelled");
    if (!o)
        return -1;
    fix_contents(o);
    long base = whence == 0 ? 0 : whence == 1 ? (long)o->pos : whence == 2 ? (long)o->file->size : -1;
    long target;
    if (base < 0 || __builtin_add_overflow(base, offset, &target) || target < 0) {
        set_errno(RT_EINVAL);
        return -1;
    }
    o->pos = (size_t)target;
    return target;
}

RT_WEAK long lseek64(int fd, long offset, int whence) {
    return lseek(fd, offset, whence);
}

RT_WEAK int close(int fd) {
    struct open_file *o = descriptor(fd);
    if (!o) {
        if (fd >= 0 && fd < 3)
            __vigil_fault(VM_FAULT_INVALID_ARG, "close() of a standard stream is not modelled");
        set_errno(RT_EBADF);
        return -1;
    }
    if (o->stream)
        o->stream->fd = -1; /* the stream now refers to a closed descriptor */
    o->file = NULL;
    o->stream = NULL;
    return 0;
}

RT_WEAK int isatty(int fd) {
    if (fd >= 0 && fd < 3) {
        int tty = __vm_choose(2);
        __vm_control(VM_CTL_ENVIRONMENT, VM_ENV_TTY, tty);
        if (tty)
            return 1;
        set_errno(RT_ENOTTY);
        return 0;
    }
    set_errno(descriptor(fd) ? RT_ENOTTY : RT_EBADF);
    return 0;
}

/* ---- streams on descriptors ---- */

/* A file stream: FILE first (fd field = RT_FD_DISK), then its descriptor. */
struct disk_stream {
    FILE file;
    int fdnum;
};

static struct open_file *stream_file(FILE *stream) {
    struct disk_stream *d = (struct disk_stream *)stream;
    return stream->fd == RT_FD_DISK ? descriptor(d->fdnum) : NULL;
}

/* Is the mode valid, and does it ask for writing? -1: invalid. */
static int mode_writes(const char *mode) {
    if (mode[0] != 'r' && mode[0] != 'w' && mode[0] != 'a')
        return -1;
    return mode[0] != 'r' || strchr(mode, '+') != NULL;
}

static FILE *make_stream(int fd) {
    struct disk_stream *d = __vm_obj_make(sizeof *d);
    d->file.fd = RT_FD_DISK;
    d->file.eof = 0;
    d->file.error = 0;
    d->file.pushback = -1;
    d->fdnum = fd;
    fds[fd].stream = &d->file;
    return &d->file;
}

RT_WEAK FILE *fopen(const char *restrict path, const char *restrict mode) {
    int w = mode_writes(mode);
    if (w < 0) {
        set_errno(RT_EINVAL);
        return NULL;
    }
    int fd = open_file(path, w, mode[0] != 'r', strchr(mode, 'x') != NULL);
    return fd < 0 ? NULL : make_stream(fd);
}

RT_WEAK FILE *fopen64(const char *restrict path, const char *restrict mode) {
    return fopen(path, mode);
}

RT_WEAK FILE *fdopen(int fd, const char *mode) {
    int w = mode_writes(mode);
    struct open_file *o = descriptor(fd);
    if (fd >= 0 && fd < 3) {
        __vigil_fault(VM_FAULT_INVALID_ARG, "fdopen of a standard stream is not modelled");
        return NULL;
    }
    if (!o) {
        set_errno(RT_EBADF);
        return NULL;
    }
    if (w != 0) { /* invalid, or writing on a read-only descriptor */
        set_errno(RT_EINVAL);
        return NULL;
    }
    if (o->stream) {
        __vigil_fault(VM_FAULT_INVALID_ARG, "a second stream on one descriptor is not modelled");
        return NULL;
    }
    return make_stream(fd);
}

RT_WEAK int __vigil_file_getc(FILE *stream) {
    struct open_file *o = stream_file(stream);
    if (!o) {
        stream->error = 1;
        set_errno(RT_EBADF);
        return -1;
    }
    if (stream->eof)
        return -1;
    fix_contents(o);
    if (o->pos >= o->file->size) {
        stream->eof = 1;
        return -1;
    }
    return o->file->data[o->pos++];
}

RT_WEAK int __vigil_file_close(FILE *stream) {
    struct disk_stream *d = (struct disk_stream *)stream;
    int result = 0;
    if (stream_file(stream)) {
        fds[d->fdnum].stream = NULL;
        close(d->fdnum);
    } else {
        set_errno(RT_EBADF);
        result = -1;
    }
    __vm_obj_free(d);
    return result;
}

static struct open_file *seekable(FILE *stream, const char *fn) {
    struct open_file *o = stream && stream->fd == RT_FD_DISK ? stream_file(stream) : NULL;
    if (!o && !(stream && stream->fd == RT_FD_DISK))
        __vigil_fault(VM_FAULT_INVALID_ARG, fn);
    else if (!o)
        set_errno(RT_EBADF);
    else
        fix_contents(o);
    return o;
}

RT_WEAK long ftell(FILE *stream) {
    struct open_file *o = seekable(stream, "ftell of a stream that is not a file (not modelled)");
    if (!o)
        return -1;
    if (stream->pushback >= 0 && o->pos == 0) {
        set_errno(RT_EINVAL);
        return -1;
    }
    return (long)o->pos - (stream->pushback >= 0);
}

RT_WEAK int fseek(FILE *stream, long offset, int whence) {
    struct open_file *o = seekable(stream, "fseek of a stream that is not a file (not modelled)");
    if (!o)
        return -1;
    long base = whence == 0 ? 0 : whence == 1 ? ftell(stream) : whence == 2 ? (long)o->file->size : -1;
    long target;
    if (base < 0 || __builtin_add_overflow(base, offset, &target) || target < 0) {
        set_errno(RT_EINVAL);
        return -1;
    }
    o->pos = (size_t)target;
    stream->pushback = -1;
    stream->eof = 0;
    return 0;
}

RT_WEAK void rewind(FILE *stream) {
    if (fseek(stream, 0, 0) == 0)
        stream->error = 0;
}

RT_WEAK long ftello(FILE *stream) {
    return ftell(stream);
}

RT_WEAK int fseeko(FILE *stream, long offset, int whence) {
    return fseek(stream, offset, whence);
}

RT_WEAK int fileno(FILE *stream) {
    if (stream == stdin || stream == stdout || stream == stderr)
        return stream->fd;
    if (stream && stream->fd == RT_FD_DISK)
        return ((struct disk_stream *)stream)->fdnum;
    set_errno(RT_EBADF); /* a memory stream, or a stream whose descriptor was closed */
    return -1;
}

/* access(2): a listed file exists and is readable (R_OK, X_OK is refused: EACCES); writing is
 * refused with EROFS; any other name does not exist (ENOENT). */
RT_WEAK int access(const char *path, int mode) {
    if (mode & ~7) {
        set_errno(RT_EINVAL);
        return -1;
    }
    if (!lookup(path))
        return refused_here(RT_ENOENT);
    if (mode & 2) /* W_OK */
        return refused_here(RT_EROFS);
    if (mode & 1) /* X_OK: the files are data */
        return refused_here(13);
    return 0;
}

/* remove/unlink: nothing can be removed from a read-only file system. */
RT_WEAK int unlink(const char *path) {
    return refused_here(lookup(path) ? RT_EROFS : RT_ENOENT);
}

RT_WEAK int remove(const char *path) {
    return unlink(path);
}
