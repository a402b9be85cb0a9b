// expect: false(unreach-call)
// decide: synergy
// As 622 with a wrong expected value: the first test computes fib(20) = 6765 and reaches the error.
int fib(int n) {
  if (n < 1) return 0;
  if (n == 1) return 1;
  return fib(n - 1) + fib(n - 2);
}
int main(void) {
  if (fib(20) != 6766) reach_error();
  return 0;
}
