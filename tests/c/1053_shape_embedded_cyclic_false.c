// expect: false(valid-free)
// property: valid-memsafety
// decide: explicit
// The sibling of 1052 that frees the link member instead of its node (`free(l)`): a pointer
// into the middle of an allocation is not one `free` accepts.
#include <stddef.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct link {
    struct link *next, *prev;
};
struct node {
    int value;
    struct link link;
};
static struct link list = {&list, &list};
static void insert(int value) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        abort();
    n->value = value;
    n->link.next = list.next;
    n->link.prev = &list;
    list.next->prev = &n->link;
    list.next = &n->link;
}
int main(void) {
    do
        insert(__VERIFIER_nondet_int());
    while (__VERIFIER_nondet_int());
    while (list.next != &list) {
        struct link *l = list.next;
        list.next = l->next;
        l->next->prev = &list;
        free(l);
    }
    return 0;
}
