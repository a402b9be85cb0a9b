// expect: false(unreach-call)
// property: unreach-call
// decide: explicit
// The sibling of 1065 where the fortieth node appended holds 5: past the widening's delay, so
// the widened counter must not hide it (the shape analysis is left unknown; the explicit
// engine's search finds the list of forty nodes).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
struct node {
    struct node *next;
    struct node *prev;
    int value;
};
int main(void) {
    struct node *first = malloc(sizeof *first);
    if (!first)
        return 1;
    first->next = first->prev = NULL;
    first->value = -1;
    struct node *last = first;
    int length = 1;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 1;
        n->value = length == 40 ? 5 : 4;
        n->next = NULL;
        n->prev = last;
        last->next = n;
        last = n;
        length++;
    }
    while (last->prev) {
        if (last->value != 4)
            reach_error();
        last = last->prev;
        length--;
    }
    return length > 1000;
}
