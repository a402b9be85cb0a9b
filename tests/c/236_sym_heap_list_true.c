// expect: true
// property: valid-memsafety
// decide: explicit
// A list of n nodes (n an input of at most 8) built, summed and freed: memory safe for every n.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 8)
        return 0;
    struct node *head = 0;
    for (int i = 0; i < n; i++) {
        struct node *p = malloc(sizeof *p);
        if (!p)
            break;
        p->v = __VERIFIER_nondet_int();
        p->next = head;
        head = p;
    }
    long sum = 0;
    while (head) {
        struct node *next = head->next;
        sum += head->v;
        free(head);
        head = next;
    }
    return sum == 0;
}
