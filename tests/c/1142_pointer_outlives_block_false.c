// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// A pointer to a block's local read after the block (C11 6.2.4p2: the object's lifetime has
// ended). All in one basic block: the SSA form (mem2reg) would read x's last value instead, so
// the front end keeps the locals in memory, and no engine may answer true (the shape and synergy
// engines did before).
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *q;
  {
    int x = __VERIFIER_nondet_int();
    q = &x;
  }
  return *q;
}
