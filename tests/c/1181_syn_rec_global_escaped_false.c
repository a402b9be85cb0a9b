// expect: false(unreach-call)
// decide: synergy
// 1180 with the write through the pointer forgotten in the check: count ends at n + 11.
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
  if (count != n + 1) reach_error();
  return 0;
}
