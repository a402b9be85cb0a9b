// expect: false(unreach-call)
// property: unreach-call
// decide: explicit
// The sibling of 1061 where an input may store 3 into one of the nodes: the walk then reaches
// the error. The shape analysis must not prove it (the segment's value field is any integer).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
struct node {
    struct node *next;
    int value;
};
int main(void) {
    struct node *head = malloc(sizeof *head);
    if (!head)
        abort();
    struct node *p = head;
    while (__VERIFIER_nondet_int()) {
        p->value = __VERIFIER_nondet_int() == 7 ? 3 : 1;
        p->next = malloc(sizeof *p);
        if (!p->next)
            abort();
        p = p->next;
    }
    p->value = 2;
    p->next = NULL;
    for (p = head; p->next; p = p->next)
        if (p->value != 1)
            reach_error();
    while (head) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
