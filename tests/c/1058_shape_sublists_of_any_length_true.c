// expect: true
// property: valid-memsafety
// decide: shape
// A list of any length whose items own lists of one node or more. Items whose sub-lists differ
// in length (one plain node, or a segment) are summarised together: the single node and the
// segment become one segment of one node or more in the items' prototype.
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
        do {
            struct sub *n = s->next;
            free(s->data);
            free(s);
            s = n;
        } while (s);
        free(items);
        items = next;
    }
    return 0;
}
