// expect: unknown(_Bool object holding a value other than 0 or 1)
// decide: explicit synergy
// unknown: undefined
// A `char` local holding 2 read through a `_Bool` lvalue: undefined, as in 1155. Here the local
// is one `mem2reg` promotes, which turned the read into the constant `trunc i8 2 to i1` (false),
// so the check of the byte read went with the load and vigil answered true; the front end now
// keeps such a local in its stack slot.
extern void reach_error(void);
int main(void) {
  char c = 2;
  _Bool b = *(_Bool *)&c;
  if (b)
    reach_error();
  return 0;
}
