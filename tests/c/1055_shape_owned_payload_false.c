// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// The sibling of 1054 that frees the nodes but not their buffers: each buffer is lost when its
// node is freed.
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
struct node {
    struct node *next;
    char *buf;
};
int main(void) {
    struct node *list = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            abort();
        n->buf = malloc(16);
        if (!n->buf)
            abort();
        memset(n->buf, 0, 16);
        n->next = list;
        list = n;
    }
    while (list) {
        struct node *next = list->next;
        free(list);
        list = next;
    }
    return 0;
}
