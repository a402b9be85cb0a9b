// expect: true
// property: valid-memsafety
// decide: explicit
// Members of returned structures read within their full expression: nothing outlives the
// temporaries, and the program is proved. (A local of the program's own named `tmp`, passed by
// address, is no temporary.)
struct name { char text[32]; };
static struct name make(int k) {
  struct name n = {"vigil"};
  n.text[0] += (char)k;
  return n;
}
static void set(int *where, int v) { *where = v; }
int main(void) {
  int tmp = 0;
  set(&tmp, make(0).text[1]);
  char c = make(1).text[0];
  if (tmp != 'i' || c != 'w')
    return *(volatile int *)0;
  return 0;
}
