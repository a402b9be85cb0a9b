/*
 * test_libc.c — native test driver for vigil's runtime (built and run by tests/native.rs): runs
 * every part (test_string.c, test_stdio.c, test_stdlib.c, test_svcomp.c, test_files.c; see test_libc.h) and
 * counts the checks.
 */
#include "test_libc.h"

int native_checks;
char native_fmtbuf[256];

int main(void) {
    test_ctype();
    test_string();
    test_string2();
    test_format();
    test_output();
    test_asprintf();
    test_stdin();
    test_getrandom();
    test_memstream();
    test_scanf();
    test_environment();
    test_unlocked();
    test_malloc();
    test_svcomp();
    test_stdlib();
    test_files();
    test_math();
    printf("all %d checks passed\n", native_checks);
    return 0;
}
