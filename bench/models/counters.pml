/* Three counters modulo MAX+1, one chosen nondeterministically per step (see counters.c). */
int c[3];
active proctype main() {
  int i;
  do
  :: true ->
     if
     :: i = 0
     :: i = 1
     :: i = 2
     fi;
     if
     :: c[i] < MAX -> c[i]++
     :: else -> c[i] = 0
     fi;
     assert(!(c[0] == MAX && c[1] == MAX && c[2] == MAX + 1));
     i = 0
  od
}
