// expect: true
// decide: synergy
// A counter stepping by 2 up to an even bound ends exactly at the bound. The invariant needs
// the counter's parity (i & 1 == 0, the low bit all tested states agree on) and the loop's own
// bound (i <= 1000, a constant of its comparison, which the tests need not reach).
int main(void) {
  int i;
  for (i = 0; i < 1000; i += 2)
    ;
  if (i != 1000) reach_error();
  return 0;
}
