// expect: true
// decide: explicit
// main declares argc and argv but never reads them: the fixed argc = 1 of the VM does not matter.
int main(int argc, char **argv) {
  unsigned char x = __VERIFIER_nondet_uchar();
  if (x > 200 && x < 100)
    reach_error();
  return 0;
}
