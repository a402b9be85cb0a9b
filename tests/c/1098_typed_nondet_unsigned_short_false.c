// expect: false(unreach-call)
// A peer-style `nondet_T()` of the program's own unsigned 16-bit type: the VM gives the call a
// 16-bit value; natively the harness returns the input's bits and the caller keeps the low 16
// (zero-extended as the program's type says), so 65000 is reached both ways.
extern void reach_error(void);
typedef unsigned short port_t;
port_t nondet_port_t(void);
int main(void) {
  unsigned p = nondet_port_t();
  if (p == 65000)
    reach_error();
  return 0;
}
