// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// The program assumes that it can create a file; in the VM's file system (read-only, README
// "Files") fopen for writing fails with EROFS, and the NULL stream is dereferenced.
#include <stdio.h>

struct header {
    int magic;
};

int main(void) {
    FILE *out = fopen("log.txt", "w");
    struct header *h = (struct header *)(void *)out;
    return h->magic == 0; /* no check for NULL */
}
