// expect: true
// decide: synergy
// The loop leaves x exactly at its bound (x <= 0x0fffffff at the head, from the loop's
// comparison); no test gets there in 2^28 steps.
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x > 0x0fffffffu)
    x = 0;
  while (x < 0x0fffffffu)
    x++;
  if (x != 0x0fffffffu) reach_error();
  return 0;
}
