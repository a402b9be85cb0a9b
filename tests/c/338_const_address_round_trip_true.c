// expect: true
// decide: explicit
// Constant expressions over addresses: inttoptr (ptrtoint @arr + 4) is &arr[1] again, and
// ptrtoint @arr + 12 is the address of arr[3] as an integer.
extern void reach_error(void);
int arr[4] = {1, 2, 3, 4};
int *p = (int *)((unsigned long)&arr + 8);
long d = (long)&arr + 12;
int main(void) {
  if (*p != 3) reach_error();
  if (d - (long)&arr != 12) reach_error();
  int *q = (int *)((unsigned long)&arr + 4);
  if (*q != 2) reach_error();
  return 0;
}
