// expect: true
// property: valid-memsafety
// decide: shape
// Every node of a list of any length owns a buffer of its own (allocated with the node, written
// through it, freed before it). The shape analysis keeps one buffer as the segment's prototype
// and gives every node split off the segment its own copy (nested abstraction).
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
    for (struct node *p = list; p; p = p->next)
        p->buf[0] = 'x';
    while (list) {
        struct node *next = list->next;
        free(list->buf);
        free(list);
        list = next;
    }
    return 0;
}
