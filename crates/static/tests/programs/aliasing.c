// report: unreach-call in distinct_bug
// Exactly that report, at the line marked BUG. set2 writes through two pointer parameters; with
// distinct arguments both writes are visible (distinct_safe holds, distinct_bug fails), and with
// aliasing arguments the location holds one of the two definitions (aliased_safe holds).
extern void reach_error(void);

void set2(int *a, int *b) {
  *a = 1;
  *b = 2;
}

void distinct_safe(void) {
  int x, y;
  set2(&x, &y);
  if (x != 1 || y != 2)
    reach_error(); // never reached
}

void aliased_safe(void) {
  int z;
  set2(&z, &z);
  if (z != 1 && z != 2)
    reach_error(); // never reached
}

void distinct_bug(void) {
  int p, q;
  set2(&p, &q);
  if (p + q == 3)
    reach_error(); // BUG
}

int main(void) {
  distinct_safe();
  aliased_safe();
  distinct_bug();
  return 0;
}
