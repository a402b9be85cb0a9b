// expect: true
// Local arrays: alloca of an array, variable GEP indices.
int main(void) {
  int a[10];
  for (int i = 0; i < 10; i++) a[i] = i * i;
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < 10);
  if (a[k] != k * k) reach_error();
  return 0;
}
