// expect: true
// Recursion (a cycle in the call graph).
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int is_even(unsigned n);
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
int main(void) {
  if (fact(5) != 120) reach_error();
  if (!is_even(10) || is_odd(10)) reach_error();
  return 0;
}
