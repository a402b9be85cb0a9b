// expect: true
// Unions (type punning through memory) and bitfields (masks and shifts).
union pun { unsigned int u; unsigned char b[4]; };
struct flags { unsigned a : 3; unsigned b : 5; signed c : 4; };
int main(void) {
  union pun p; p.u = 0x01020304u;
  if (p.b[0] != 4) reach_error();   /* little endian */
  struct flags f; f.a = 5; f.b = 17; f.c = -2;
  if (f.a != 5 || f.b != 17 || f.c != -2) reach_error();
  f.a = 9; /* truncated to 3 bits */
  if (f.a != 1) reach_error();
  return 0;
}
