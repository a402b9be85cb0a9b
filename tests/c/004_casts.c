// expect: true
// trunc, zext, sext between char/short/int/long.
int main(void) {
  signed char c = __VERIFIER_nondet_char();
  unsigned char uc = __VERIFIER_nondet_uchar();
  short s = __VERIFIER_nondet_short();
  unsigned short us = __VERIFIER_nondet_ushort();
  long l = c;           /* sext */
  unsigned long ul = uc; /* zext */
  int i = s + us;
  char t = (char)i;     /* trunc */
  if (l < -128 || l > 127) reach_error();
  if (ul > 255) reach_error();
  if (t != (char)(s + us)) reach_error();
  return 0;
}
