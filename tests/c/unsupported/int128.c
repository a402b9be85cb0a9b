// unsupported: i128 line 5
int main(void) {
  __int128 x = __VERIFIER_nondet_long();
  __int128 y = __VERIFIER_nondet_long();
  __int128 z = x * y;
  return (int)(z >> 100);
}
