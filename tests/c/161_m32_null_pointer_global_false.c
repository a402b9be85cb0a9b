// expect: false(unreach-call)
// flags: --m32
// decide: explicit
// ILP32: the NULL read from zero-initialised static memory compares equal to NULL.
static char *name;
int main(void) {
  if (name == 0) reach_error();
  return 0;
}
