// expect: true
// property: valid-memsafety
// flags: --m32
// decide: explicit
// ILP32: a heap list with 4-byte pointers in nodes, an array of pointers, a struct copy that
// carries pointers, realloc moving them; everything is freed.
#include <stdlib.h>
#include <string.h>
struct node { struct node *next; int v; };
struct pair { int *a; char tag; int *b; };
int main(void) {
  struct node *head = 0;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n) return 0;
    n->next = head;
    n->v = i;
    head = n;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next) sum += p->v;
  if (sum != 3 || sizeof(struct node) != 8) abort();
  struct node **arr = malloc(3 * sizeof *arr);
  if (!arr) return 0;
  int k = 0;
  for (struct node *p = head; p; p = p->next) arr[k++] = p;
  arr = realloc(arr, 6 * sizeof *arr);
  if (!arr) return 0;
  if (arr[2]->v != 0 || arr[0]->next != arr[1]) abort();
  int x = 5, y = 7;
  struct pair s = {&x, 'c', &y}, t;
  memcpy(&t, &s, sizeof s);
  if (*t.a + *t.b != 12 || sizeof(struct pair) != 12) abort();
  for (int i = 0; i < 3; i++) free(arr[i]);
  free(arr);
  return 0;
}
