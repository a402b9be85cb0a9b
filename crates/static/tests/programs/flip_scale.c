// report: none
// The example of Babić's thesis, §4.1.2 (Fig. 4.1). The assertion in
// scale holds whatever init returns: flip returns 1 only if global2 was negative, and then it
// negates it, which is never 0. Structural refinement proves it after expanding flip's effects;
// the test asserts that init's (expensive) summary is never expanded.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int global1, global2;

int flip(int *data) {
  if (*data < 0) {
    *data = -(*data);
    return 1;
  }
  return 0;
}

// An expensive pure function.
int init(int x) {
  int r = x;
  r = r * 31 + 7;
  r = r ^ (r >> 3);
  r = r * r + x;
  r = r ^ (r << 5);
  r = r * 1103515245 + 12345;
  r = r ^ (r >> 7);
  r = r * r * r;
  return r;
}

void scale(void) {
  global2 = init(global1);
  if (flip(&global2)) {
    if (global2 == 0)
      reach_error(); // never reached
    global1 /= global2;
  }
}

int main(void) {
  global1 = __VERIFIER_nondet_int();
  scale();
  return 0;
}
