// expect: true
// The sibling of 1096: a nondet `msg_t` (a char) is one of the char's 256 values, no wider.
extern void reach_error(void);
typedef char msg_t;
msg_t __VERIFIER_nondet_msg_t(void);
int main(void) {
  int m = __VERIFIER_nondet_msg_t();
  if (m < -128 || m > 127)
    reach_error();
  return 0;
}
