// expect: true
// property: valid-memsafety
// decide: shape
// A doubly linked list with head and tail pointers; inputs choose to add or remove nodes at
// either end any number of times, then the list is destroyed from one end. Nodes carry a buffer
// partly initialised. Proved by the shape analysis's doubly linked segments (pointers at both
// ends of a segment).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct item {
    struct item *prev, *next;
    char text[32];
};
static struct item *head, *tail;
static struct item *create(void) {
    struct item *it = malloc(sizeof *it);
    if (!it)
        abort();
    it->text[0] = '\0';
    it->prev = it->next = NULL;
    return it;
}
static void push_front(void) {
    struct item *it = create();
    if (!head) {
        head = tail = it;
        return;
    }
    it->next = head;
    head->prev = it;
    head = it;
}
static void push_back(void) {
    struct item *it = create();
    if (!tail) {
        head = tail = it;
        return;
    }
    it->prev = tail;
    tail->next = it;
    tail = it;
}
static void pop_front(void) {
    struct item *it = head;
    if (!it)
        return;
    if (head == tail) {
        head = tail = NULL;
    } else {
        head = it->next;
        head->prev = NULL;
    }
    free(it);
}
static void pop_back(void) {
    struct item *it = tail;
    if (!it)
        return;
    if (head == tail) {
        head = tail = NULL;
    } else {
        tail = it->prev;
        tail->next = NULL;
    }
    free(it);
}
int main(void) {
    while (__VERIFIER_nondet_int()) {
        while (__VERIFIER_nondet_int()) {
            if (__VERIFIER_nondet_int())
                push_front();
            else
                push_back();
        }
        while (__VERIFIER_nondet_int()) {
            if (__VERIFIER_nondet_int())
                pop_front();
            else
                pop_back();
        }
    }
    struct item *p = __VERIFIER_nondet_int() ? head : tail;
    int forward = p == head;
    while (p) {
        struct item *next = forward ? p->next : p->prev;
        free(p);
        p = next;
    }
    return 0;
}
