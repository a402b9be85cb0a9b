// expect: unknown(_Bool object holding a value other than 0 or 1)
// decide: explicit synergy
// unknown: undefined
// The byte 2 written through the `unsigned char` member is read through the `_Bool` member.
// The x86-64 psABI stores a `_Bool` as 0 or 1 only, so 2 is no value of the type and the read
// is undefined (C11 6.2.6.1p5; UBSan's `-fsanitize=bool` reports "load of value 2, which is not
// a valid value for type '_Bool'"). clang's -O0 code keeps the low bit and does not reach the
// error; its optimised code may assume the byte is 0 or 1. Every engine took the low bit and
// answered true.
extern void reach_error(void);
union flag {
  unsigned char byte;
  _Bool set;
};
int main(void) {
  union flag f;
  f.byte = 2;
  if (f.set)
    reach_error();
  return 0;
}
