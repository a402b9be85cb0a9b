// expect: true
// decide: explicit
// A threaded interpreter in GNU C: `&&label` values in a static table and `goto *p` dispatch.
// The program computes 3 * (x + 2) for a small nondeterministic x and checks the result.
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
  void *a = &&done, *b = &&done;
  if (a != b) reach_error();
  if (run(code, x) != 3 * (x + 2)) reach_error();
done:
  return 0;
}
