// expect: true
// decide: synergy
// Fibonacci of 20 with two recursive calls per level (21891 calls when run naively): the memo
// of concrete calls runs each argument once, and the point summaries "n == k => result ==
// fib(k)" are proven together by induction.
int fib(int n) {
  if (n < 1) return 0;
  if (n == 1) return 1;
  return fib(n - 1) + fib(n - 2);
}
int main(void) {
  if (fib(20) != 6765) reach_error();
  return 0;
}
