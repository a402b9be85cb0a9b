// unsupported: vector argument or result of a call of an intrinsic line 7
// A vector reduction (llvm.vector.reduce.add): element-wise vector code is scalarised, but
// vector intrinsics are not modelled.
typedef int v4 __attribute__((vector_size(16)));
int main(void) {
  v4 a = {1, 2, 3, __VERIFIER_nondet_int()};
  return __builtin_reduce_add(a);
}
