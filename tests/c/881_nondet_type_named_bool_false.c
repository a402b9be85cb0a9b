// expect: false(unreach-call)
// decide: explicit synergy
// `__VERIFIER_nondet__Bool` (the suffix spelled as the type's name, as older tasks and
// Ultimate's examples do) is the same input as `__VERIFIER_nondet_bool`: both values occur.
extern _Bool __VERIFIER_nondet__Bool(void);
extern void reach_error(void);
int main(void) {
  _Bool a = __VERIFIER_nondet__Bool();
  _Bool b = __VERIFIER_nondet__Bool();
  if (a && !b)
    reach_error();
  return 0;
}
