// unsupported: i128 in switch line 5
// A switch on an __int128 value: its case constants would need 128 bits.
int main(void) {
  __int128 x = __VERIFIER_nondet_long();
  switch (x) {
  case 1:
    return 1;
  case -1:
    return 2;
  }
  return 0;
}
