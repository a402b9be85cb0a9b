// expect: true
// decide: synergy
// A global initialised with the address of another global (a relocation in the initialiser):
// the cell starts with that address's encoding, and a write through it reaches the target.
int __VERIFIER_nondet_int(void);
int counter = 0;
int *cursor = &counter;
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 0) *cursor = 2 * n; else *cursor = 4;
  if (counter % 2 != 0) reach_error();
  return 0;
}
