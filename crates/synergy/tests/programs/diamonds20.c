// Figure 8 of the SYNERGY paper: 20 independent if-then-else diamonds, then a check on a
// variable set before them. True with O(n) refinements, not 2^n tests.
// expect: true
// max-iterations: 200
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int lock = __VERIFIER_nondet_int();
  if (lock != 1) return 0;
  int x0 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x0 = x0 + 1; } else { x0 = x0 - 1; }
  int x1 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x1 = x1 + 1; } else { x1 = x1 - 1; }
  int x2 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x2 = x2 + 1; } else { x2 = x2 - 1; }
  int x3 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x3 = x3 + 1; } else { x3 = x3 - 1; }
  int x4 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x4 = x4 + 1; } else { x4 = x4 - 1; }
  int x5 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x5 = x5 + 1; } else { x5 = x5 - 1; }
  int x6 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x6 = x6 + 1; } else { x6 = x6 - 1; }
  int x7 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x7 = x7 + 1; } else { x7 = x7 - 1; }
  int x8 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x8 = x8 + 1; } else { x8 = x8 - 1; }
  int x9 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x9 = x9 + 1; } else { x9 = x9 - 1; }
  int x10 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x10 = x10 + 1; } else { x10 = x10 - 1; }
  int x11 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x11 = x11 + 1; } else { x11 = x11 - 1; }
  int x12 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x12 = x12 + 1; } else { x12 = x12 - 1; }
  int x13 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x13 = x13 + 1; } else { x13 = x13 - 1; }
  int x14 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x14 = x14 + 1; } else { x14 = x14 - 1; }
  int x15 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x15 = x15 + 1; } else { x15 = x15 - 1; }
  int x16 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x16 = x16 + 1; } else { x16 = x16 - 1; }
  int x17 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x17 = x17 + 1; } else { x17 = x17 - 1; }
  int x18 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x18 = x18 + 1; } else { x18 = x18 - 1; }
  int x19 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x19 = x19 + 1; } else { x19 = x19 - 1; }
  if (lock != 1)
    reach_error();
  return 0;
}
