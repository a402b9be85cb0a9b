// expect: true
// property: valid-memsafety
// The same pointer to a block's local, used only inside the block, and a loop whose body's
// local is re-entered each iteration: no access outside a lifetime.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int sum = 0;
  for (int i = 0; i < 3; i++) {
    int x = __VERIFIER_nondet_int();
    int *q = &x;
    if (*q > 0)
      sum += 1;
  }
  int *r;
  {
    int y = sum;
    r = &y;
    sum = *r;
  }
  return sum;
}
