// expect: true
// property: valid-memsafety
// decide: shape
// A singly linked list of any length (an input decides when to stop appending at the front),
// walked and then freed node by node. The explicit engine's states never repeat (the list
// grows); the shape analysis summarises the nodes as one list segment at the loop heads.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node {
    struct node *next;
    int value;
};
int main(void) {
    struct node *list = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            abort();
        n->next = list;
        n->value = __VERIFIER_nondet_int();
        list = n;
    }
    int positive = 0;
    for (struct node *p = list; p; p = p->next)
        if (p->value > 0)
            positive = 1;
    while (list) {
        struct node *next = list->next;
        free(list);
        list = next;
    }
    return positive;
}
