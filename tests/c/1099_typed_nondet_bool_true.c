// expect: true
// A `_Bool` nondet function of the program's own name: 0 or 1, nothing else.
extern void reach_error(void);
typedef _Bool flag_t;
flag_t __VERIFIER_nondet_flag_t(void);
int main(void) {
  int f = __VERIFIER_nondet_flag_t();
  if (f != 0 && f != 1)
    reach_error();
  return 0;
}
