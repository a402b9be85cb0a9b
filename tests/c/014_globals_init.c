// expect: true
// Globals with initialisers: scalars, arrays, strings, pointers to globals (relocations).
int counter = 42;
const char greeting[] = "hello";
int table[4] = {1, 2, 3, 4};
int *ptr_to_table = &table[2];
const char *msg = greeting + 1;
struct cfg { int id; const char *name; int *slot; } config = {7, "seven", &counter};
int main(void) {
  if (*ptr_to_table != 3) reach_error();
  if (msg[0] != 'e') reach_error();
  if (*config.slot != 42 || config.name[1] != 'e') reach_error();
  return 0;
}
