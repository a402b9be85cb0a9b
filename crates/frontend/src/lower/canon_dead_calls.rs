//! Drops the calls that clang's own `-O0` code generation drops: a call whose result is unused
//! and that, by its attributes, writes no memory, does not unwind and returns (LLVM's "trivially
//! dead" instruction: no memory written, `nounwind`, `willreturn`).
//!
//! clang marks a call of a function declared `__attribute__((pure))` or `const` `memory(read)` or
//! `memory(none)` — among them glibc's `atoi`, `atol`, `atoll`, `atof`, `strlen`, `strcmp`,
//! `memchr` — and LLVM's instruction selection, at `-O0` too, emits no code for an instruction
//! that may not write memory and whose value nobody uses. So natively `atof("1e-400");` as a
//! statement does not run and leaves `errno` alone (glibc's `atof` would set `ERANGE`), and a
//! program's own `pure` function that writes a global anyway is not called. vigil ran such calls:
//! `errno = 0; atol("-99999999999999999999"); if (errno == 0) reach_error();` was `true`, and
//! natively the error is reached. Intrinsics (`llvm.dbg.*`, …) and inline assembly are left
//! alone.
//!
//! # Safety
//!
//! Called from [`super::canon::canonicalize`] on a module it owns; every pointer is to an object
//! of that module's context and none escapes.

use llvm_sys_191 as llvm;
use llvm::core::*;
use llvm::prelude::*;
use llvm::{LLVMAttributeFunctionIndex, LLVMOpcode};

/// The bits of LLVM's `MemoryEffects` encoding (the value of the `memory` attribute: two bits per
/// location, argument memory, inaccessible memory and other memory, `Ref` = 1, `Mod` = 2) that
/// say a location may be written.
const MOD_BITS: u64 = 0b10_10_10;

/// Every location read and written: what a call without a `memory` attribute may do.
const ANY_MEMORY: u64 = 0b11_11_11;

unsafe fn memory_effects(attr: LLVMAttributeRef) -> u64 {
    if attr.is_null() {
        ANY_MEMORY
    } else {
        LLVMGetEnumAttributeValue(attr)
    }
}

/// Whether `call` writes no memory by its call-site attributes or its callee's (LLVM intersects
/// the two, as `CallBase::getMemoryEffects` does).
unsafe fn writes_no_memory(call: LLVMValueRef, memory_kind: u32) -> bool {
    let mut effects = memory_effects(LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, memory_kind));
    let callee = LLVMGetCalledValue(call);
    if !LLVMIsAFunction(callee).is_null() {
        effects &= memory_effects(LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, memory_kind));
    }
    effects & MOD_BITS == 0
}

/// Whether `call` has the function attribute `kind` (`nounwind`, `willreturn`) at the call site
/// or on its callee.
unsafe fn has_function_attribute(call: LLVMValueRef, kind: u32) -> bool {
    if !LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, kind).is_null() {
        return true;
    }
    let callee = LLVMGetCalledValue(call);
    !LLVMIsAFunction(callee).is_null() && !LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, kind).is_null()
}

/// Whether `call` is a call of an intrinsic or of inline assembly (left alone).
unsafe fn is_intrinsic_or_asm(call: LLVMValueRef) -> bool {
    let callee = LLVMGetCalledValue(call);
    !LLVMIsAInlineAsm(callee).is_null() || (!LLVMIsAFunction(callee).is_null() && LLVMGetIntrinsicID(callee) != 0)
}

/// Erases from `module` every call whose value is unused and that writes no memory, does not
/// unwind and returns.
///
/// # Safety
/// `module` must be a valid module.
pub(super) unsafe fn drop_unused_calls_without_writes(module: LLVMModuleRef) {
    let kind = |name: &str| LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len());
    let (memory_kind, nounwind, willreturn) = (kind("memory"), kind("nounwind"), kind("willreturn"));
    if memory_kind == 0 || nounwind == 0 || willreturn == 0 {
        return;
    }
    let mut dead = Vec::new();
    super::canon::for_each_instruction(module, |inst| {
        if LLVMGetInstructionOpcode(inst) == LLVMOpcode::LLVMCall
            && LLVMGetFirstUse(inst).is_null()
            && !is_intrinsic_or_asm(inst)
            && writes_no_memory(inst, memory_kind)
            && has_function_attribute(inst, nounwind)
            && has_function_attribute(inst, willreturn)
        {
            dead.push(inst);
        }
    });
    for inst in dead {
        LLVMInstructionEraseFromParent(inst);
    }
}
