// expect: false(unreach-call)
// decide: explicit
// The address constant (int *)((unsigned long)&arr + 8) points to arr[2], which holds 3.
extern void reach_error(void);
int arr[4] = {1, 2, 3, 4};
int *p = (int *)((unsigned long)&arr + 8);
long d = (long)&arr + 12;
int main(void) {
  if (*p == 3) reach_error();
  if (d - (long)&arr != 12) reach_error();
  int *q = (int *)((unsigned long)&arr + 4);
  if (*q != 2) reach_error();
  return 0;
}
