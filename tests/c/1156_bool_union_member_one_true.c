// expect: true
// decide: explicit synergy
// The sibling of 1155: the bytes 0 and 1 written through the `unsigned char` member are the
// values of the `_Bool` member, so its reads are defined and the error is unreachable.
extern void reach_error(void);
union flag {
  unsigned char byte;
  _Bool set;
};
int main(void) {
  union flag f;
  f.byte = 1;
  if (!f.set)
    reach_error();
  f.byte = 0;
  if (f.set)
    reach_error();
  return 0;
}
