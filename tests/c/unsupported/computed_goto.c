// unsupported: indirectbr line 5
int main(void) {
  void *targets[2] = {&&one, &&two};
  int k = __VERIFIER_nondet_int() & 1;
  goto *targets[k];
one:
  return 1;
two:
  return 2;
}
