// expect: true
// A constructor runs before main, so `ready` is 1 and the program is safe. A model that skips
// constructors finds a counterexample; native confirmation must then refuse it (the native run
// does not reach the error), so the answer is never `false`.
extern void reach_error(void);
static int ready;
__attribute__((constructor)) static void init(void) { ready = 1; }
int main(void) {
  if (!ready) reach_error();
  return 0;
}
