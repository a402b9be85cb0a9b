// expect: true
// property: unreach-call
// decide: shape
// A list built behind a sentinel holding -1, its length counted on the way up and down: the
// counters have no bound, so the shape analysis stops them from multiplying the states by
// widening them (after 32 states at a loop head that differ only in integers) and proves that
// the walk back ends at the sentinel.
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
        n->value = 4;
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
    if (last != first || last->value != -1)
        reach_error();
    return length > 1000;
}
