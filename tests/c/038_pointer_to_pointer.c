// expect: true
// Pointers to pointers and out-parameters.
static void set(int **pp, int *target) { *pp = target; }
static void bump(int *p) { (*p)++; }
int main(void) {
  int x = 1, *p = 0;
  set(&p, &x);
  bump(p);
  if (x != 2 || p != &x) reach_error();
  return 0;
}
