// expect: true
// goto, do-while and an irreducible-looking jump into a loop.
int main(void) {
  int i = 0, n = __VERIFIER_nondet_int() % 5;
  if (n < 0) n = -n;
  if (__VERIFIER_nondet_bool()) goto inside;
  do {
    i++;
  inside:
    i++;
  } while (i < n);
  if (i < 1) reach_error();
  return 0;
}
