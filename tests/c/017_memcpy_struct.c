// expect: true
// Struct assignment (llvm.memcpy) and zero initialisation (llvm.memset).
struct big { int a[16]; long b; };
int main(void) {
  struct big x = {0};
  x.a[3] = 9; x.b = 11;
  struct big y = x;
  if (y.a[3] != 9 || y.b != 11 || y.a[0] != 0) reach_error();
  return 0;
}
