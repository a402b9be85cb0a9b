// expect: true
// Programs that declare the SV-COMP functions themselves (K&R style) still compile.
extern int __VERIFIER_nondet_int();
extern void __VERIFIER_assume(int);
extern void reach_error();
int main() {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x == 3);
  if (x != 3) reach_error();
  return 0;
}
