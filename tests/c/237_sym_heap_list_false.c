// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// When a node's value is exactly 42, the next node is freed early and then used: the solver
// finds the value for a list of at least two nodes.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 4)
        return 0;
    struct node *head = 0;
    for (int i = 0; i < n; i++) {
        struct node *p = malloc(sizeof *p);
        if (!p)
            return 0;
        p->v = __VERIFIER_nondet_int();
        p->next = head;
        head = p;
    }
    while (head) {
        struct node *next = head->next;
        if (head->v == 42)
            free(next);
        free(head);
        head = next;
    }
    return 0;
}
