// unsupported: callbr line 4
int main(void) {
  int x = __VERIFIER_nondet_int();
  asm goto("" : : "r"(x) : : out);
  return 0;
out:
  return 1;
}
