// expect: true
// unknown: unsupported
// A global __int128 initialised with a value needing more than 64 bits: the llvm-ir crate keeps
// only 64 bits of such a constant, and a global initialiser cannot be rebuilt from instructions,
// so the front end names it unsupported instead of using a truncated value (`canon_wide`).
extern void reach_error(void);
static __int128 big = -1;
int main(void) {
  if (big != -1) reach_error();
  return 0;
}
