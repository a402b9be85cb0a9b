// expect: false(unreach-call)
// decide: synergy
// 1012 with the second phase starting at 1001: the counter keeps 1001's remainder 1 modulo 4
// (a shorter run than 1012's, so that a test reaches the end).
void reach_error(void);
int main(void) {
  unsigned x = 0;
  while (x < 20000u) {
    if (x < 1001u)
      x += 1;
    else
      x += 4;
  }
  if (x % 4 != 0) reach_error();
  return 0;
}
