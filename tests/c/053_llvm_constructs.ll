; expect: true
; Constructs clang-19 does not emit for C at -O0 but that vigil IR supports:
; select, freeze, insertvalue, nuw, bitcast, llvm.expect, llvm.objectsize, llvm.is.constant.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@buf = global [16 x i8] zeroinitializer, align 16

declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()
declare i64 @llvm.expect.i64(i64, i64)
declare i64 @llvm.objectsize.i64.p0(ptr, i1, i1, i1)
declare i1 @llvm.is.constant.i32(i32)

define i32 @main() {
entry:
  %x = call i32 @__VERIFIER_nondet_int()
  %fx = freeze i32 %x
  %pos = icmp sgt i32 %fx, 0
  %abs = select i1 %pos, i32 %fx, i32 0
  %sum = add nuw i32 %abs, 1
  %bits = bitcast i32 %sum to float
  %back = bitcast float %bits to i32
  %agg0 = insertvalue { i32, i64 } undef, i32 %back, 0
  %agg1 = insertvalue { i32, i64 } %agg0, i64 7, 1
  %f1 = extractvalue { i32, i64 } %agg1, 1
  %e = call i64 @llvm.expect.i64(i64 %f1, i64 7)
  %size = call i64 @llvm.objectsize.i64.p0(ptr @buf, i1 false, i1 false, i1 false)
  %c = call i1 @llvm.is.constant.i32(i32 %x)
  %ok = icmp eq i64 %e, 7
  br i1 %ok, label %done, label %err

err:
  call void @reach_error()
  unreachable

done:
  ret i32 0
}
