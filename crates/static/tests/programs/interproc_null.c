// report: null-deref in bad_use
// Exactly that report, at the line marked BUG (context
// main > bad_use). The dereference in safe_use is guarded by the flag get() returns alongside
// the pointer, so it is safe; proving it needs get's two effects (ret and *ok).
extern int __VERIFIER_nondet_int(void);
static int cell;

int *get(int *ok) {
  if (__VERIFIER_nondet_int() > 5) {
    *ok = 0;
    return 0;
  }
  *ok = 1;
  return &cell;
}

void safe_use(void) {
  int ok;
  int *p = get(&ok);
  if (ok)
    *p = 3; // safe
}

void bad_use(void) {
  int ok;
  int *p = get(&ok);
  if (!ok)
    *p = 4; // BUG
}

int main(void) {
  safe_use();
  bad_use();
  return 0;
}
