// Figure 8 of the SYNERGY paper: 40 independent if-then-else diamonds, then a check on a
// variable set before them. True with O(n) refinements, not 2^n tests.
// expect: true
// max-iterations: 400
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
  int x20 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x20 = x20 + 1; } else { x20 = x20 - 1; }
  int x21 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x21 = x21 + 1; } else { x21 = x21 - 1; }
  int x22 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x22 = x22 + 1; } else { x22 = x22 - 1; }
  int x23 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x23 = x23 + 1; } else { x23 = x23 - 1; }
  int x24 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x24 = x24 + 1; } else { x24 = x24 - 1; }
  int x25 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x25 = x25 + 1; } else { x25 = x25 - 1; }
  int x26 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x26 = x26 + 1; } else { x26 = x26 - 1; }
  int x27 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x27 = x27 + 1; } else { x27 = x27 - 1; }
  int x28 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x28 = x28 + 1; } else { x28 = x28 - 1; }
  int x29 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x29 = x29 + 1; } else { x29 = x29 - 1; }
  int x30 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x30 = x30 + 1; } else { x30 = x30 - 1; }
  int x31 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x31 = x31 + 1; } else { x31 = x31 - 1; }
  int x32 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x32 = x32 + 1; } else { x32 = x32 - 1; }
  int x33 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x33 = x33 + 1; } else { x33 = x33 - 1; }
  int x34 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x34 = x34 + 1; } else { x34 = x34 - 1; }
  int x35 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x35 = x35 + 1; } else { x35 = x35 - 1; }
  int x36 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x36 = x36 + 1; } else { x36 = x36 - 1; }
  int x37 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x37 = x37 + 1; } else { x37 = x37 - 1; }
  int x38 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x38 = x38 + 1; } else { x38 = x38 - 1; }
  int x39 = __VERIFIER_nondet_int();
  if (__VERIFIER_nondet_int()) { x39 = x39 + 1; } else { x39 = x39 - 1; }
  if (lock != 1)
    reach_error();
  return 0;
}
