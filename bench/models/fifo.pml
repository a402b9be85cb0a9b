/* A FIFO of capacity K holding bits (see fifo.c). */
byte buf[K];
int head, count;
active proctype main() {
  do
  :: true ->
     if
     :: true ->
        if
        :: count < K ->
           if
           :: buf[(head + count) % K] = 0
           :: buf[(head + count) % K] = 1
           fi;
           count++
        :: else -> skip
        fi
     :: true ->
        if
        :: count > 0 -> buf[head] = 0; head = (head + 1) % K; count--
        :: else -> skip
        fi
     fi;
     assert(count >= 0 && count <= K)
  od
}
