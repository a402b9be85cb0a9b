// expect: false(unreach-call)
// decide: explicit
// reach_error defined with an empty body: calling it is still the violation.
void reach_error() {}
int main(void) {
  int x = 0;
  for (int i = 0; i < 10; i++) x++;
  if (x == 10) reach_error();
  return 0;
}
