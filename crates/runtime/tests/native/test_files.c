/*
 * test_files.c — the VM's file system (files.c), getline/getdelim, signal/raise and strerror,
 * natively under the sanitizers. The file table that `vigil check --file` generates is defined
 * here, as a strong definition overriding the runtime's weak empty one (as in the VM).
 */
#include "test_libc.h"

struct rt_vm_file {
    const char *name;
    const unsigned char *data;
    unsigned long size;
};

static const unsigned char text[] = "alpha\nbeta\n\ngamma";
static const struct rt_vm_file table[] = {{"in.txt", text, sizeof text - 1}, {"empty", text, 0}};
const struct rt_vm_file *__vigil_vm_files = table;
unsigned long __vigil_vm_file_count = 2;

static int *err(void) {
    return __errno_location();
}

static void files(void) {
    *err() = 0;
    CHECK(fopen("nope", "r") == NULL && *err() == 2);
    CHECK(fopen("in.txt", "w") == NULL && *err() == 30);
    CHECK(fopen("in.txt", "rb+") == NULL && *err() == 30);
    CHECK(fopen("in.txt", "x") == NULL && *err() == RT_EINVAL);
    FILE *f = fopen("in.txt", "r");
    CHECK(f != NULL && fileno(f) == 3);
    char buf[16];
    CHECK(fgets(buf, sizeof buf, f) == buf);
    CHECK_STR(buf, "alpha\n");
    CHECK(ftell(f) == 6);
    CHECK(fgetc(f) == 'b' && ungetc('B', f) == 'B' && ftell(f) == 6);
    CHECK(fgetc(f) == 'B');
    char *line = NULL;
    size_t n = 0;
    CHECK(getline(&line, &n, f) == 4 && n == 120);
    CHECK_STR(line, "eta\n");
    CHECK(getdelim(&line, &n, 'm', f) == 4);
    CHECK_STR(line, "\ngam");
    CHECK(getline(&line, &n, f) == 2);
    CHECK_STR(line, "ma");
    CHECK(getline(&line, &n, f) == -1 && feof(f));
    free(line);
    CHECK(fseek(f, -5, 2) == 0 && !feof(f) && fgetc(f) == 'g');
    CHECK(fseek(f, -100, 1) == -1 && *err() == RT_EINVAL);
    CHECK(fputc('x', f) == -1 && ferror(f) && *err() == RT_EBADF);
    rewind(f);
    CHECK(!ferror(f) && fread(buf, 1, 5, f) == 5 && buf[4] == 'a');
    CHECK(fclose(f) == 0);

    int fd = open("empty", 0);
    CHECK(fd == 3);
    CHECK(read(fd, buf, 4) == 0);
    CHECK(lseek(fd, 10, 0) == 10 && read(fd, buf, 4) == 0);
    CHECK(lseek(fd, -11, 1) == -1 && *err() == RT_EINVAL);
    FILE *g = fdopen(fd, "r");
    CHECK(g && fgetc(g) == -1 && feof(g));
    CHECK(fclose(g) == 0 && close(fd) == -1 && *err() == RT_EBADF);
    CHECK(open("in.txt", 01 /* O_WRONLY */) == -1 && *err() == 30);
    CHECK(open("in.txt", 0100 | 0200 /* O_CREAT|O_EXCL */) == -1 && *err() == 17);
    CHECK(open("other", 0100) == -1 && *err() == 30);
    CHECK(access("in.txt", 4) == 0 && access("in.txt", 0) == 0);
    CHECK(access("in.txt", 2) == -1 && *err() == 30);
    CHECK(access("nope", 0) == -1 && *err() == 2);
    CHECK(remove("in.txt") == -1 && *err() == 30 && unlink("nope") == -1 && *err() == 2);
}

static int seen;

static void handler(int sig) {
    seen += sig;
}

static void signals(void) {
    CHECK(signal(10, handler) == (rt_sighandler)0);
    CHECK(raise(10) == 0 && seen == 10);
    CHECK(signal(10, (rt_sighandler)1) == handler);
    CHECK(raise(10) == 0 && seen == 10);
    CHECK(signal(9, handler) == (rt_sighandler)-1 && *err() == RT_EINVAL);
    CHECK(raise(65) == -1);
}

static void raise_default(void) {
    raise(15); /* SIGTERM's default action ends the program */
}

static void abort_with_handler(void) {
    abort(); /* the SIGABRT handler runs, then abort ends the program */
}

static void abort_ignored(void) {
    abort(); /* an ignored SIGABRT does not keep abort from ending the program */
}

static void texts(void) {
    CHECK_STR(strerror(30), "Read-only file system");
    CHECK_STR(strerror(134), "Unknown error 134");
    char buf[6];
    CHECK(__xpg_strerror_r(2, buf, sizeof buf) == RT_ERANGE);
    CHECK_STR(buf, "No su");
    CHECK(strerror_r(999, buf, sizeof buf) == buf);
    CHECK_STR(buf, "Unkno");
    CHECK_STR(strerror_r(1, buf, sizeof buf), "Operation not permitted");
}

void test_files(void) {
    files();
    signals();
    CHECK(native_catch(raise_default) == NATIVE_EXIT);
    /* glibc's abort raises SIGABRT (6) first, then resets it to the default action. */
    seen = 0;
    CHECK(signal(6, handler) == (rt_sighandler)0);
    CHECK(native_catch(abort_with_handler) == NATIVE_EXIT && seen == 6);
    CHECK(signal(6, (rt_sighandler)1) == (rt_sighandler)0); /* abort reset it */
    CHECK(native_catch(abort_ignored) == NATIVE_EXIT && seen == 6);
    CHECK(signal(6, (rt_sighandler)0) == (rt_sighandler)0); /* reset again */
    texts();
}
