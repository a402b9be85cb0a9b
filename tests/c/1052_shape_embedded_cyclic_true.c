// expect: true
// property: valid-memsafety
// decide: shape
// A Linux-style cyclic doubly linked list: the links are a member inside each node and the list
// head is a global; nodes are reached from their links by `container_of` arithmetic. Nodes are
// inserted while an input says so, the largest value is searched, and every node is removed and
// freed. Segments link at the member's offset (the head offset), not at the node's start.
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
#define node_of(l) ((struct node *)((char *)(l) - offsetof(struct node, link)))
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
    struct link *best = list.next;
    for (struct link *l = best->next; l != &list; l = l->next)
        if (node_of(l)->value > node_of(best)->value)
            best = l;
    int result = node_of(best)->value;
    while (list.next != &list) {
        struct link *l = list.next;
        list.next = l->next;
        l->next->prev = &list;
        free(node_of(l));
    }
    return result > 0;
}
