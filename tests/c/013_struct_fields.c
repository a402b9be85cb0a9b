// expect: true
// Struct field access (GEP into structs), nested structs and arrays of structs.
struct point { int x; int y; };
struct rect { struct point lo, hi; char tag; long area; };
int main(void) {
  struct rect r[3];
  for (int i = 0; i < 3; i++) {
    r[i].lo.x = i; r[i].lo.y = 0; r[i].hi.x = i + 2; r[i].hi.y = 3; r[i].tag = 'a' + i;
    r[i].area = (long)(r[i].hi.x - r[i].lo.x) * (r[i].hi.y - r[i].lo.y);
  }
  if (r[2].area != 6 || r[1].tag != 'b') reach_error();
  return 0;
}
