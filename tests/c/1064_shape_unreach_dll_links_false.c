// expect: false(unreach-call)
// property: unreach-call
// decide: explicit
// The sibling of 1063 where the third node appended forgets its back link: the walk from the
// head finds a successor that does not point back.
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
    int count = 0;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            abort();
        n->next = NULL;
        n->prev = ++count == 3 ? NULL : tail;
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
    return 0;
}
