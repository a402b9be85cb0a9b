// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// The sibling of 1056 whose inner freeing loop reads the node it has just freed.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct sub {
    struct sub *next;
    int value;
};
struct item {
    struct item *next;
    struct sub *subs;
};
static struct sub *push_sub(struct sub *list) {
    struct sub *s = malloc(sizeof *s);
    if (!s)
        abort();
    s->value = 0;
    s->next = list;
    return s;
}
int main(void) {
    struct item *items = NULL;
    do {
        struct item *it = malloc(sizeof *it);
        if (!it)
            abort();
        it->subs = push_sub(push_sub(push_sub(NULL)));
        while (__VERIFIER_nondet_int())
            it->subs = push_sub(it->subs);
        it->next = items;
        items = it;
    } while (__VERIFIER_nondet_int());
    while (items) {
        struct item *next = items->next;
        while (items->subs) {
            free(items->subs);
            items->subs = items->subs->next;
        }
        free(items);
        items = next;
    }
    return 0;
}
