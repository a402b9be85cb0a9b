// unsupported: floating-point fadd line 5
// Float globals load and store as bits; only the arithmetic is unsupported.
double scale = 2.5;
int main(void) {
  scale = scale + 1.0;
  return 0;
}
