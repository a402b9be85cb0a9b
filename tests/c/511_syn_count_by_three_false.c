// expect: false(unreach-call)
// decide: synergy
// As 510 stepping by 3: the counter passes the bound and ends at 1002.
int main(void) {
  int i;
  for (i = 0; i < 1000; i += 3)
    ;
  if (i != 1000) reach_error();
  return 0;
}
