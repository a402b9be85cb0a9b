// expect: false(unreach-call)
// decide: explicit
// constructor(101) runs before constructor(102) whatever the source order.
static int value;
__attribute__((constructor(102))) static void second(void) { value = value * 10 + 2; }
__attribute__((constructor(101))) static void first(void) { value = value * 10 + 1; }
int main(void) {
  if (value == 12) reach_error();
  return 0;
}
