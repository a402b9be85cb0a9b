/* A stack of bits as a singly linked heap list of at most L nodes; each step pushes a
 * nondeterministic bit (malloc, if not full) or pops (free, if not empty). 2^(L+1) - 1 states,
 * each with up to L heap objects; a push or pop moves every node one place in the canonical
 * order. vigil only (Promela has no heap). */
#include <stdlib.h>
#ifndef L
#define L 10
#endif
struct node { struct node *next; int bit; };
struct node *head;
int len;
int main(void) {
  while (1) {
    if (__VERIFIER_nondet_bool()) {
      if (len < L) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->bit = __VERIFIER_nondet_bool();
        n->next = head;
        head = n;
        len++;
      }
    } else if (len > 0) {
      struct node *n = head;
      head = n->next;
      free(n);
      len--;
    }
    if (len < 0 || len > L) reach_error();
  }
}
