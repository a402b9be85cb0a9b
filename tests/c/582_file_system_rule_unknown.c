// expect: unknown(file-system request was refused)
// flags: --file data.txt=$TESTS_C/files/581_config.txt
// decide: explicit
// unknown: incomplete:file-system
// The VM's file-system rule (README, "Files"): a read-only mount holding exactly the files given
// with --file. Every assertion holds under it (a failing one would be a `false`), but the
// refused requests make the answer `unknown`: another file system would grant them. Opening
// another name for writing fails with ENOENT ("r+") or EROFS (creating too), O_CREAT|O_EXCL
// of a listed file with EEXIST; a bad mode is EINVAL; output to a file stream fails with EBADF
// and the error indicator; descriptors are the lowest free ones from 3. (Opening another name
// for reading may succeed: tests/c 888, 889.)
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
    errno = 0;
    assert(fopen("missing.txt", "r+") == NULL && errno == ENOENT);
    assert(fopen("missing.txt", "w") == NULL && errno == EROFS);
    assert(fopen("data.txt", "a") == NULL && errno == EROFS);
    assert(fopen("data.txt", "r+") == NULL && errno == EROFS);
    assert(fopen("data.txt", "q") == NULL && errno == EINVAL);
    assert(open("data.txt", O_WRONLY) == -1 && errno == EROFS);
    assert(open("data.txt", O_RDONLY | O_CREAT | O_EXCL, 0644) == -1 && errno == EEXIST);
    assert(open("new.txt", O_RDONLY | O_CREAT, 0644) == -1 && errno == EROFS);
    int a = open("data.txt", O_RDONLY), b = open("data.txt", O_RDONLY);
    assert(a == 3 && b == 4);
    assert(close(a) == 0 && open("data.txt", O_RDONLY) == 3);
    FILE *f = fdopen(b, "r");
    assert(f && fileno(f) == b);
    assert(fdopen(3, "w") == NULL && errno == EINVAL);
    assert(fputs("x", f) == EOF && ferror(f) && errno == EBADF);
    clearerr(f);
    assert(fgetc(f) == '2' && !ferror(f));
    assert(fclose(f) == 0 && close(b) == -1 && errno == EBADF);
    assert(read(99, 0, 1) == -1 && errno == EBADF);
    assert(access("data.txt", R_OK) == 0 && access("data.txt", W_OK) == -1 && errno == EROFS);
    assert(access("missing.txt", F_OK) == -1 && errno == ENOENT);
    assert(remove("data.txt") == -1 && errno == EROFS);
    return 0;
}
