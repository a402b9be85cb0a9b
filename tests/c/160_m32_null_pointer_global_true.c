// expect: true
// flags: --m32
// decide: explicit
// ILP32: a pointer in zero-initialised static memory is NULL (four defined zero bytes, not an
// undefined value), in a plain global and inside a struct.
static void *p;
static struct { int a, b; void (**handlers)(void); } list;
int main(void) {
  if (p) reach_error();
  if (list.handlers != 0) reach_error();
  list.a++;
  if (list.handlers) reach_error();
  return 0;
}
