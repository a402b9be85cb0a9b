// expect: true
// property: unreach-call
// decide: shape
// A list of any length whose nodes all hold 1, then a tail node holding 2: a walk checks that
// the values are 1 up to the tail. The explicit engine never exhausts the lengths; the shape
// analysis summarises the nodes as one segment whose value field is 1 in every node.
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
        p->value = 1;
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
    if (p->value != 2)
        reach_error();
    while (head) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
