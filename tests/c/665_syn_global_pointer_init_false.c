// expect: false(unreach-call)
// decide: synergy
// As 664, but the pointer names the second element of an array: after three rounds it holds 6.
int __VERIFIER_nondet_int(void);
int cells[2] = {0, 0};
int *cursor = &cells[1];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) return 0;
  for (int i = 0; i < n; i++) *cursor += 2;
  if (cells[1] == 6) reach_error();
  return 0;
}
