// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// The destroying loop of a doubly linked list reads the next node through a node it has just
// freed: a use of freed memory as soon as the list has a node.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct item {
    struct item *prev, *next;
    int data;
};
int main(void) {
    struct item *head = NULL;
    while (__VERIFIER_nondet_int()) {
        struct item *it = malloc(sizeof *it);
        if (!it)
            abort();
        it->data = 1;
        it->prev = NULL;
        it->next = head;
        if (head)
            head->prev = it;
        head = it;
    }
    while (head) {
        free(head);
        head = head->next;
    }
    return 0;
}
