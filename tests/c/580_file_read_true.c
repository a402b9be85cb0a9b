// expect: true
// flags: --file numbers.txt=$TESTS_C/files/580_numbers.txt
// decide: explicit
// A file given with --file is read with fopen, fscanf, fgetc/ungetc, fgets, getline, ftell,
// fseek, rewind, fread and feof, and through open/read/lseek/close; every result is glibc's
// (the same assertions hold natively with the file in the working directory).
#define _GNU_SOURCE
#include <assert.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void) {
    FILE *f = fopen("numbers.txt", "r");
    assert(f != NULL);
    int n, sum = 0, x;
    assert(fscanf(f, "%d", &n) == 1 && n == 3);
    for (int i = 0; i < n; i++) {
        assert(fscanf(f, "%d", &x) == 1);
        sum += x;
    }
    assert(sum == 60);
    assert(fgetc(f) == '\n');
    assert(ftell(f) == 11);
    int c = fgetc(f);
    assert(c == 's' && ungetc(c, f) == 's' && ftell(f) == 11);
    char buf[64];
    assert(fgets(buf, sizeof buf, f) && strcmp(buf, "second line\n") == 0);
    char *line = NULL;
    size_t cap = 0;
    assert(getline(&line, &cap, f) == 1 && line[0] == '\n' && cap == 120);
    assert(getline(&line, &cap, f) == 25 && strcmp(line, "last line without newline") == 0);
    assert(getline(&line, &cap, f) == -1 && feof(f));
    free(line);
    assert(fgetc(f) == EOF);
    assert(fseek(f, -7, SEEK_END) == 0 && !feof(f) && ftell(f) == 42);
    assert(fread(buf, 1, sizeof buf, f) == 7 && memcmp(buf, "newline", 7) == 0 && feof(f));
    rewind(f);
    assert(fread(buf, 2, 3, f) == 3 && memcmp(buf, "3 10 2", 6) == 0);
    assert(fseek(f, -1, SEEK_SET) == -1);
    assert(fclose(f) == 0);

    int fd = open("numbers.txt", O_RDONLY);
    assert(fd >= 3);
    assert(read(fd, buf, 4) == 4 && memcmp(buf, "3 10", 4) == 0);
    assert(lseek(fd, 0, SEEK_END) == 49);
    assert(read(fd, buf, 4) == 0);
    assert(isatty(fd) == 0);
    assert(close(fd) == 0 && close(fd) == -1);
    return 0;
}
