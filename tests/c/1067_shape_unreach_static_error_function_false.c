// expect: false(unreach-call)
// property: unreach-call
// decide: explicit
// The sibling of 1061 with a value check that fails and an error function the program defines
// `static` and empty: linking may rename it (`reach_error.1`), and its call is still the
// violation. The shape analysis must not step into it and prove the program.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
static void reach_error(void) {}
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
    for (p = head; p; p = p->next)
        if (p->value != 1)
            reach_error();
    return 0;
}
