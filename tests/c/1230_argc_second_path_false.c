// expect: false(unreach-call)
// decide: explicit
// The sibling of 1227: one path to the error needs more than 200000 arguments (no evidence, no
// `true`), but another needs three, so the search goes on past the first and reports the second.
int main(int argc, char **argv) {
  if (argc > 200000 || argc == 3)
    reach_error();
  return 0;
}
