// expect: unknown(defined nowhere)
// property: valid-memsafety
// decide: explicit
// `x` is declared but defined in no translation unit: the program does not link, so it has no
// C meaning to check. Reading it was once laid out as a read of an empty object and reported as
// an invalid dereference (a wrong `false`); it must be `unknown`, naming the variable.
extern int x;
int main(void) {
    return x;
}
