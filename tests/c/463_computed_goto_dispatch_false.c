// expect: false(unreach-call)
// decide: explicit
// As 462, but the program's check is wrong for x == 4: 3 * (4 + 2) = 18.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

enum { PUSH, ADD, MUL, HALT };

static int run(const int *code, int x) {
  static void *ops[] = { &&push, &&add, &&mul, &&halt };
  int stack[8], sp = 0, pc = 0;
  stack[sp++] = x;
  goto *ops[code[pc]];
push:
  stack[sp++] = code[pc + 1];
  pc += 2;
  goto *ops[code[pc]];
add:
  sp--;
  stack[sp - 1] += stack[sp];
  pc++;
  goto *ops[code[pc]];
mul:
  sp--;
  stack[sp - 1] *= stack[sp];
  pc++;
  goto *ops[code[pc]];
halt:
  return stack[sp - 1];
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 5) return 0;
  int code[] = { PUSH, 2, ADD, PUSH, 3, MUL, HALT };
  if (run(code, x) == 18) reach_error();
  return 0;
}
