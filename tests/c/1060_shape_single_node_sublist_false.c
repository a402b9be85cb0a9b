// expect: false(valid-memtrack)
// property: valid-memsafety
// decide: explicit
// Items own lists of one node or more; the freeing loop frees a sub-list's nodes only when it has
// more than one, so an item whose sub-list is a single node loses it. A summary that confused a
// single node with a longer segment, or forgot that the segment may have one node, would prove
// this program.
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
int main(void) {
    struct item *items = NULL;
    do {
        struct item *it = malloc(sizeof *it);
        if (!it)
            abort();
        it->subs = NULL;
        do {
            struct sub *s = malloc(sizeof *s);
            if (!s)
                abort();
            s->value = 0;
            s->next = it->subs;
            it->subs = s;
        } while (__VERIFIER_nondet_int());
        it->next = items;
        items = it;
    } while (__VERIFIER_nondet_int());
    while (items) {
        struct item *next = items->next;
        if (items->subs->next) {
            while (items->subs) {
                struct sub *n = items->subs->next;
                free(items->subs);
                items->subs = n;
            }
        }
        free(items);
        items = next;
    }
    return 0;
}
