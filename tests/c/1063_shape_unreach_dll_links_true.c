// expect: true
// property: unreach-call
// decide: shape
// A doubly linked list of any length, appended at the tail; a walk from the head checks that
// every node's successor points back to it, and a walk from the tail the other way. Nodes are
// never freed: under unreach-call lost memory is no error.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
struct node {
    struct node *next;
    struct node *prev;
    int data;
};
int main(void) {
    struct node *head = NULL, *tail = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            abort();
        n->next = NULL;
        n->prev = tail;
        n->data = 5;
        if (tail)
            tail->next = n;
        else
            head = n;
        tail = n;
    }
    for (struct node *p = head; p; p = p->next)
        if ((p->next && p->next->prev != p) || p->data != 5)
            reach_error();
    for (struct node *p = tail; p; p = p->prev)
        if (p->prev && p->prev->next != p)
            reach_error();
    head = tail = NULL;
    return 0;
}
