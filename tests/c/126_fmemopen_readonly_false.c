// expect: false(unreach-call)
// decide: explicit
// Output to a stream opened read-only fails: fputs returns EOF and sets the error indicator.
#include <stdio.h>
int main(void) {
  char buffer[32] = "text";
  FILE *fp = fmemopen(buffer, sizeof buffer, "r");
  if (fp == NULL) return 0;
  if (ferror(fp)) return 0;
  int ret = fputs("hello", fp);
  if (ret == EOF && ferror(fp)) reach_error();
  fclose(fp);
  return 0;
}
