// expect: false(unreach-call)
// decide: explicit
// A constructor runs before main: main sees its effect.
static int ready;
__attribute__((constructor)) static void init(void) { ready = 1; }
int main(void) {
  if (ready) reach_error();
  return 0;
}
