// expect: false(unreach-call)
// decide: static
// The error needs six iterations of the loop: the static engine's first round (each loop's back
// edge followed once) cuts those executions, so it analyses again with twice the bound until
// one round holds them (bound 8) and its candidate replays on the VM.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned s = 0;
  for (int i = 0; i < 6; i++)
    s += x;
  if (s == 0x600u)
    reach_error();
  return 0;
}
