// expect: false(unreach-call)
// A nondet function of the program's own type, as CIL-generated SV-COMP tasks declare it
// (`msg_t` is a char in the PALS leader-election tasks) and define nowhere: by SV-COMP's rules
// any value of that type. vigil used to stop at it (unknown external function); it is read by
// the width of its result, so -3 is a value, and the harness defines the function natively.
extern void reach_error(void);
typedef char msg_t;
msg_t __VERIFIER_nondet_msg_t(void);
int main(void) {
  msg_t m = __VERIFIER_nondet_msg_t();
  if (m == (msg_t)-3)
    reach_error();
  return 0;
}
