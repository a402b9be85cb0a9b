// expect: true
// decide: synergy
// A void procedure with the error inside it, deep in the recursion: the summary
// "n < 50 => no error" covers every call the program makes.
int __VERIFIER_nondet_int(void);
void down(int n) {
  if (n == 50) reach_error();
  if (n > 0) down(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n >= 50) return 0;
  down(n);
  return 0;
}
