/*
 * stdin.c — input: getchar, getc, fgetc, fgets, fread, ungetc (from stdin, or from a memory stream
 * through memstream.c), and the stream state functions feof, ferror, clearerr and their
 * _unlocked forms.
 *
 * Input model: what stdin holds is unknown to the verifier, so every byte read is a
 * nondeterministic choice (__vm_choose) between all 256 byte values, the end of the input, and a
 * read error — the whole domain, so no path is marked incomplete on that account (a search that
 * exhausts the choices has covered every possible input; one that cannot ends in `unknown`).
 * Choice 0 is the end of the input (short inputs are explored first), 1..256 the bytes 0..255,
 * 257 a read error.
 *
 * Stream state, as glibc (>= 2.28) keeps it: the end of the input is sticky — once seen, every
 * read returns EOF without reading until clearerr(stdin), after which more input may arrive (a
 * terminal). A read error sets the error indicator and errno (a second choice, among the
 * errors read(2) reports for a terminal, pipe or file) and returns EOF; the next read tries
 * again. The indicators are the FILE's eof/error fields, part of the program's state.
 *
 * stdin, memory streams and streams on the VM's files (files.c, `vigil check --file`) can be read;
 * reading stdout or stderr raises VM_FAULT_INVALID_ARG (which violates no property, so it cannot
 * produce a wrong verdict). feof/ferror/clearerr also accept stdout and stderr, whose output
 * never fails in the runtime's model (see stdio.c), so their indicators are always clear.
 * The bytes read are noted as VM_TRACE_INFO, not VM_ENV_NONDET (harnesses and witnesses replay
 * only __VERIFIER_nondet_* values).
 *
 * With symbolic data (vigil check --symbolic auto or always) a byte is a symbolic input of the
 * path instead (the VM intercepts __vigil_stdin_byte, whose own body runs only when nothing is
 * symbolic and says so through *symbolic): the choice is then only between a byte, the end of
 * the input and a read error, in that order of the old choices (end first).
 */
#include "rt.h"

#define EOF (-1)
#define CHOICE_END 0
#define CHOICE_ERROR 257

/* What read(2) on stdin can fail with (errno is a choice among them): EIO, EBADF (stdin closed),
 * EISDIR, EAGAIN (a non-blocking descriptor), EINVAL, EINTR. */
#define READ_ERRORS 6
static const int read_errors[READ_ERRORS] = {5, 9, 21, 11, 22, 4};

static int is_stdin(FILE *stream) {
    return stream && stream == stdin;
}

static int is_output(FILE *stream) {
    return stream && (stream == stdout || stream == stderr);
}

static int is_memory(FILE *stream) {
    return stream && !is_stdin(stream) && !is_output(stream) && stream->fd == RT_FD_MEMORY;
}

/* A stream on a file of the VM's file system (files.c), also one whose descriptor was closed. */
static int is_disk(FILE *stream) {
    return stream && !is_stdin(stream) && !is_output(stream) && (stream->fd == RT_FD_DISK || stream->fd == -1);
}

__attribute__((noinline)) static void note_now(int c) {
    char msg[48];
    int event = c != EOF ? VM_ENV_STDIN_BYTE : stdin->error ? VM_ENV_STDIN_ERROR : VM_ENV_STDIN_END;
    __vm_control(VM_CTL_ENVIRONMENT, event, c);
    if (c == EOF)
        __vigil_format(msg, sizeof msg, "stdin: %s", stdin->error ? "read error" : "end of input");
    else
        __vigil_format(msg, sizeof msg, "stdin: byte %d read", c);
    __vm_trace(VM_TRACE_INFO, msg);
}

/* One byte of stdin as a symbolic input (see the comment at the top). Weak and not inlined, so
 * that the call stays in the code for the VM to see. */
RT_WEAK __attribute__((noinline)) unsigned char __vigil_stdin_byte(int *symbolic) {
    *symbolic = 0;
    return 0;
}

/* The magnitude of an integer field that scanf reads from stdin, as one symbolic input
 * (scanf.c, scan_number, says why that is exact): intercepted by the VM like
 * __vigil_stdin_byte, a 64-bit unsigned input; its own body runs only when nothing is symbolic
 * and says so through *symbolic. */
RT_WEAK __attribute__((noinline)) unsigned long long __vigil_stdin_number(int *symbolic) {
    *symbolic = 0;
    return 0;
}

/* Notes the n bytes of text as read from stdin, as read_stdin notes each byte it reads (the
 * text of a field scanf took as one input, scanf.c's scan_number), so that a counterexample's
 * stdin holds them. Only when the VM records a trace, where the text is concrete. */
RT_WEAK void __vigil_stdin_note_text(const char *text, int n) {
    if (!rt_tracing())
        return;
    for (int i = 0; i < n; i++)
        note_now((unsigned char)text[i]);
}

/* The next byte of stdin (0..255) or EOF, updating the indicators. */
static int read_stdin(void) {
    if (stdin->eof)
        return EOF;
    int symbolic = 1;
    unsigned char byte = __vigil_stdin_byte(&symbolic);
    int k;
    if (symbolic) {
        /* 0: the end, 1: the symbolic byte, 2: a read error. */
        k = __vm_choose(3);
        k = k == 0 ? CHOICE_END : k == 1 ? 1 + byte : CHOICE_ERROR;
    } else {
        k = __vm_choose(CHOICE_ERROR + 1);
    }
    int c;
    if (k == CHOICE_END) {
        stdin->eof = 1;
        c = EOF;
    } else if (k == CHOICE_ERROR) {
        stdin->error = 1;
        *__errno_location() = read_errors[__vm_choose(READ_ERRORS)];
        c = EOF;
    } else {
        c = k - 1;
    }
    if (rt_tracing())
        note_now(c);
    return c;
}

/* The next byte of an input stream, or EOF; stream was checked by check_input. A byte pushed
 * back by ungetc comes first. */
static int read_byte(FILE *stream) {
    if (stream->pushback >= 0) {
        int c = stream->pushback;
        stream->pushback = -1;
        stream->untouched = 0;
        return c;
    }
    if (is_stdin(stream))
        return read_stdin();
    return is_disk(stream) ? __vigil_file_getc(stream) : __vigil_memstream_getc(stream);
}

static int check_input(FILE *stream) {
    if (is_stdin(stream) || is_memory(stream) || is_disk(stream))
        return 1;
    __vigil_fault(VM_FAULT_INVALID_ARG, "input from a stream that is not stdin, a file or a memory stream");
    return 0;
}

/* scanf's reader of stdin (scanf.c): the next byte or EOF, as fgetc(stdin), and in *fresh
 * whether it was read from the input now, or taken from the pushback where scanf.c left a byte
 * no condition mentions (stdin->untouched) (1), rather than another pushed-back byte (0). Not fgetc,
 * so that a program's own fgetc cannot stand in for it: scanf.c relies on a fresh byte being an
 * input that nothing has seen yet. */
RT_WEAK int __vigil_stdin_getc(int *fresh) {
    *fresh = stdin->pushback < 0 || stdin->untouched;
    return read_byte(stdin);
}

RT_WEAK int fgetc(FILE *stream) {
    if (!check_input(stream))
        return EOF;
    return read_byte(stream);
}

RT_WEAK int getc(FILE *stream) {
    return fgetc(stream);
}

RT_WEAK int getchar(void) {
    return fgetc(stdin);
}

/* Pushes c back: the next read returns it, and the end-of-file indicator is cleared (C11
 * 7.21.7.10). One byte of pushback is modelled (what C guarantees); a second one before a read
 * (glibc allows more) raises VM_FAULT_INVALID_ARG, so the verdict is `unknown`. */
RT_WEAK int ungetc(int c, FILE *stream) {
    if (!check_input(stream) || c == EOF)
        return EOF;
    if (stream->pushback >= 0) {
        __vigil_fault(VM_FAULT_INVALID_ARG, "a second ungetc before a read is not modelled");
        return EOF;
    }
    stream->pushback = (unsigned char)c;
    stream->untouched = 0; /* scanf.c may say otherwise of a byte it pushes back */
    stream->eof = 0;
    return (unsigned char)c;
}

/*
 * Reads at most n - 1 bytes, up to and including a newline, and terminates them. Returns NULL,
 * leaving s untouched, when the input ends before any byte was read, and NULL (with s partly
 * filled, which C calls indeterminate) when a read error occurs. n == 1 stores just the
 * terminator; n <= 0 returns NULL without reading (glibc).
 */
RT_WEAK char *fgets(char *restrict s, int n, FILE *restrict stream) {
    if (!check_input(stream))
        return NULL;
    if (n <= 0)
        return NULL;
    if (n == 1) {
        s[0] = 0;
        return s;
    }
    /* As glibc: only an error of this call counts, the indicator of an earlier one is kept. */
    int old_error = stream->error;
    stream->error = 0;
    int i = 0;
    while (i < n - 1) {
        int c = read_byte(stream);
        if (c == EOF)
            break;
        s[i++] = (char)c;
        if (c == '\n')
            break;
    }
    int failed = i == 0 || stream->error;
    stream->error |= old_error;
    if (failed)
        return NULL;
    s[i] = 0;
    return s;
}

/* Reads n items of `size` bytes into data, byte by byte, until the input ends or fails; returns
 * the number of complete items (the bytes of a partial item are stored and consumed, as glibc
 * does). A request of zero bytes reads nothing and returns 0. */
RT_WEAK size_t fread(void *restrict data, size_t size, size_t n, FILE *restrict stream) {
    size_t total;
    if (__builtin_mul_overflow(size, n, &total) || total == 0)
        return 0;
    if (!check_input(stream))
        return 0;
    unsigned char *bytes = data;
    size_t got = 0;
    while (got < total) {
        int c = read_byte(stream);
        if (c == EOF)
            break;
        bytes[got++] = (unsigned char)c;
    }
    return got == total ? n : got / size;
}

/* The indicators of stdin and memory streams; output to stdout/stderr never fails in the
 * runtime's model (stdio.c), so theirs stay clear. */
static FILE *indicators(FILE *stream, const char *fn) {
    if (is_stdin(stream) || is_memory(stream) || is_disk(stream) || is_output(stream))
        return stream;
    __vigil_fault(VM_FAULT_INVALID_ARG, fn);
    return NULL;
}

RT_WEAK int feof(FILE *stream) {
    FILE *f = indicators(stream, "feof of something that is not a stream");
    return f ? f->eof : 0;
}

RT_WEAK int ferror(FILE *stream) {
    FILE *f = indicators(stream, "ferror of something that is not a stream");
    return f ? f->error : 0;
}

RT_WEAK void clearerr(FILE *stream) {
    FILE *f = indicators(stream, "clearerr of something that is not a stream");
    if (f) {
        f->eof = 0;
        f->error = 0;
    }
}

/* The _unlocked variants: there is no locking to skip. */
RT_WEAK int feof_unlocked(FILE *stream) {
    return feof(stream);
}

RT_WEAK int ferror_unlocked(FILE *stream) {
    return ferror(stream);
}

RT_WEAK void clearerr_unlocked(FILE *stream) {
    clearerr(stream);
}
