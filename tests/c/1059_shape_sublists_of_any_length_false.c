// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// The sibling of 1058 whose freeing loop stops at a sub-list's last node (`while (s->next)`):
// that node and its data are lost when the item is freed.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct sub {
    struct sub *next;
    void *data;
};
struct item {
    struct item *next;
    struct sub *subs;
};
static void add_sub(struct item *it) {
    struct sub *s = malloc(sizeof *s);
    if (!s)
        abort();
    s->data = malloc(24);
    if (!s->data)
        abort();
    s->next = it->subs;
    it->subs = s;
}
int main(void) {
    struct item *items = NULL;
    do {
        struct item *it = malloc(sizeof *it);
        if (!it)
            abort();
        it->subs = NULL;
        do
            add_sub(it);
        while (__VERIFIER_nondet_int());
        it->next = items;
        items = it;
    } while (__VERIFIER_nondet_int());
    while (items) {
        struct item *next = items->next;
        struct sub *s = items->subs;
        while (s->next) {
            struct sub *n = s->next;
            free(s->data);
            free(s);
            s = n;
        }
        free(items);
        items = next;
    }
    return 0;
}
