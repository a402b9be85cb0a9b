// expect: false(unreach-call)
// decide: synergy
// A fill loop over 20000 elements (no shadow cells, writes only) and a wrong claim about
// where the counter ends.
int a[20000];
int main(void) {
  int i;
  for (i = 0; i < 20000; i++) a[i] = i;
  if (a[19999] == 19999 && i == 20000) reach_error();
  return 0;
}
