// expect: false(unreach-call)
// decide: synergy
// 24 two-way branches in a row, each joined by an empty labelled block (a forwarder): absorbed
// into the location before it, such joins made one location's step take 2^24 paths, one
// symbolic exit each (gigabytes); the synergy engine now cuts a location at a join when its
// step would pass 64 paths. x == 47 takes 23 stages adding 2 and one adding 1.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define STAGE(k) if (__VERIFIER_nondet_int()) x += 1; else x += 2; l##k:;
int main(void) {
  int x = 0;
  STAGE(0) STAGE(1) STAGE(2) STAGE(3) STAGE(4) STAGE(5) STAGE(6) STAGE(7)
  STAGE(8) STAGE(9) STAGE(10) STAGE(11) STAGE(12) STAGE(13) STAGE(14) STAGE(15)
  STAGE(16) STAGE(17) STAGE(18) STAGE(19) STAGE(20) STAGE(21) STAGE(22) STAGE(23)
  if (x == 47) reach_error();
  return 0;
}
