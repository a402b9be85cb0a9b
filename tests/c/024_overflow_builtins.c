// expect: false(unreach-call)
// The *.with.overflow intrinsics and extractvalue.
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(), r;
  unsigned ua = __VERIFIER_nondet_uint(), ub = __VERIFIER_nondet_uint(), ur;
  int o1 = __builtin_sadd_overflow(a, b, &r);
  int o2 = __builtin_ssub_overflow(a, b, &r);
  int o3 = __builtin_smul_overflow(a, b, &r);
  int o4 = __builtin_uadd_overflow(ua, ub, &ur);
  int o5 = __builtin_usub_overflow(ua, ub, &ur);
  int o6 = __builtin_umul_overflow(ua, ub, &ur);
  (void)(o2 + o3 + o5 + o6);
  if (o1 && o4) reach_error(); /* a = INT_MAX, b = 1, ua = UINT_MAX, ub = 1 */
  return 0;
}
