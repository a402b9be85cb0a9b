// expect: true
// decide: synergy
// A recursive function counting calls in a global whose address main passes to a function:
// the global's footprint is not exact (a pointer may write it), so the function is no
// procedure and the recursion is inlined as before (here within the inlined depth).
void reach_error(void);
int __VERIFIER_nondet_int(void);
int count;
void set(int *p, int v) { *p = v; }
void down(int n) {
  count++;
  if (n > 0) down(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) return 0;
  set(&count, 10);
  down(n);
  if (count != n + 11) reach_error();
  return 0;
}
