// expect: unknown(more than 100000 arguments)
// decide: explicit
// unknown: incomplete:unconfirmed
// The error needs more than 200000 arguments. Linux refuses a start with more than about
// 700,000 (its 6 MiB bound on the argument strings and their pointers), and with the default
// 8 MiB stack it refuses this one (a quarter of the stack, 2 MiB); vigil reports a violation
// only with at most 100000 arguments, which a native run can be given.
int main(int argc, char **argv) {
  if (argc > 200000)
    reach_error();
  return 0;
}
