// expect: true
// decide: explicit
// sscanf parses like glibc: the digits up to the first non-digit (one byte is an input), the
// count of assignments, %n, and fscanf over a memory stream.
#include <stdio.h>
int main(void) {
  char buf[4] = {'1', 0, '3', 0};
  buf[1] = __VERIFIER_nondet_char();
  int v = -1, n = -1;
  int r = sscanf(buf, "%d%n", &v, &n);
  if (r != 1) reach_error(); /* buf starts with a digit */
  if (buf[1] >= '0' && buf[1] <= '9' && (v != 103 + 10 * (buf[1] - '0') || n != 3)) reach_error();
  if ((buf[1] < '0' || buf[1] > '9') && (v != 1 || n != 1)) reach_error();
  char word[4];
  if (sscanf("  ab12", " %3[a-z]%d", word, &v) != 2 || word[2] != 0 || v != 12) reach_error();
  char text[] = "7 x";
  FILE *f = fmemopen(text, sizeof text - 1, "r");
  if (!f) return 0;
  if (fscanf(f, "%d %d", &v, &n) != 1 || v != 7) reach_error(); /* 'x' is no number */
  if (fgetc(f) != 'x') reach_error(); /* the byte that ended the scan is read next */
  fclose(f);
  return 0;
}
