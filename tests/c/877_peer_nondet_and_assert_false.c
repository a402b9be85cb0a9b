// expect: false(unreach-call)
// decide: explicit synergy
// CBMC's and ESBMC's regression tests call `nondet_int()` and `assert(cond)` as functions that
// nobody defines (here not even declared: C89's implicit declaration); both tools read them as a
// nondeterministic int and an assertion, and so does vigil (README "Peer verifiers'
// conventions"). x = 11 fails the assertion; the harness defines both functions natively.
int main() {
  int x = nondet_int();
  if (x > 10 && x < 20)
    assert(x > 11);
  return 0;
}
