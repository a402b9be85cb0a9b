// expect: true
// decide: synergy
// A list of up to 10 nodes built by a loop and walked: more nodes than the 6 slots an
// allocation site in a loop gets at first. A test allocates a 7th, so synergy flattens the
// program again with 12 slots; the proof needs no test per length: each pointer is null or
// an allocated node, and each allocated node's v is 1 (generalize/closure.rs, shapes.rs).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int v; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  struct node *head = 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    p->v = 1;
    p->next = head;
    head = p;
  }
  for (struct node *p = head; p; p = p->next)
    if (p->v != 1) reach_error();
  return 0;
}
