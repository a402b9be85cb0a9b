// expect: true
// GCC atomic builtins: atomicrmw, cmpxchg, fence, atomic load/store.
int shared;
int main(void) {
  __atomic_store_n(&shared, 5, __ATOMIC_SEQ_CST);
  int old = __atomic_fetch_add(&shared, 3, __ATOMIC_SEQ_CST);
  __atomic_fetch_sub(&shared, 1, __ATOMIC_RELAXED);
  __atomic_fetch_and(&shared, 0xff, __ATOMIC_ACQUIRE);
  __atomic_fetch_or(&shared, 0x100, __ATOMIC_RELEASE);
  __atomic_fetch_xor(&shared, 0x100, __ATOMIC_ACQ_REL);
  int prev = __atomic_exchange_n(&shared, 7, __ATOMIC_SEQ_CST);
  int expected = 7;
  int ok = __atomic_compare_exchange_n(&shared, &expected, 9, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  int now = __atomic_load_n(&shared, __ATOMIC_ACQUIRE);
  if (old != 5 || prev != 7 || !ok || now != 9) reach_error();
  return 0;
}
