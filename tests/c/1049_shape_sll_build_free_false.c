// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// The sibling of 1048 whose freeing loop stops one node early (`while (list->next)`): the last
// node is lost when main returns. The shape analysis must not prove it; the explicit engine
// finds the leak with a short list.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node {
    struct node *next;
    int value;
};
int main(void) {
    struct node *list = malloc(sizeof *list);
    if (!list)
        abort();
    list->next = NULL;
    list->value = 0;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            abort();
        n->next = list;
        n->value = __VERIFIER_nondet_int();
        list = n;
    }
    while (list->next) {
        struct node *next = list->next;
        free(list);
        list = next;
    }
    return 0;
}
