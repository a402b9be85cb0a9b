// expect: true
// decide: synergy
// The first test (x = 0) runs the loop up to the engine's step bound (about 2^26 iterations are
// needed), so the loop head's latest forest state ends a chain of 100,000 states. The query
// asked again along the latest state of a region must pick one whose chain is short enough
// to execute symbolically (a 100,000-step path constraint took gigabytes); the proof is the
// invariant x % 4 == 0 at the head.
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  x &= ~3u;
  while (x < 0x0ffffff0u)
    x += 4;
  if (x % 4 != 0) reach_error();
  return 0;
}
