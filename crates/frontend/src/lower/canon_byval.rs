//! Makes the copy that a `byval` argument stands for explicit, through LLVM's C API.
//!
//! On x86-64 (and i386) clang passes a struct that does not travel in registers as
//! `ptr byval(%T)`: the IR passes a pointer, and LLVM's semantics is that the callee receives a
//! fresh copy of the pointee, made between caller and callee. At `-O0` clang passes the caller's
//! own object when it is a local (`big(b)` passes `%b` itself), so an engine that reads the
//! parameter as a plain pointer lets the callee's writes to its copy change the caller's object
//! (C11 6.5.2.2p4: arguments are passed by value). The lowering keeps no parameter attributes,
//! so this pass rewrites the two places where `byval` matters into attribute-free IR:
//!
//! - **Defined functions:** each `byval` parameter of a function with a body is replaced, in the
//!   whole body, by an `alloca` of the parameter's type at the top of the entry block, into
//!   which the parameter's pointee is copied (`llvm.memcpy`) before anything else runs. The copy
//!   lives as long as the callee's frame, as the caller's stack copy does natively.
//! - **Variadic calls:** a `byval` argument in the variadic part of a call is read by the
//!   callee's `va_arg` from the overflow area, where the ABI places the struct's bytes, not a
//!   pointer. The call is rebuilt with the struct's value (an aggregate `load` of the pointee)
//!   in place of the pointer; the VM lays an aggregate variadic argument out in the area with
//!   all its bytes (`vigil_vm` `vararg_area`).
//!
//! # Invariants
//!
//! - After the pass no instruction of a function body uses a `byval` parameter except the one
//!   `llvm.memcpy` that copies it.
//! - A rebuilt variadic call has the same callee, function type, fixed arguments and debug
//!   location; only its `byval` variadic pointers became values. Call-site attributes are not
//!   copied (the lowering reads none).
//!
//! # Safety
//!
//! Called from [`super::canon::canonicalize`] on a module it owns; every pointer is to an object
//! of that module's context and none escapes.

use llvm_sys_191 as llvm;
use llvm::core::*;
use llvm::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
use llvm::prelude::*;
use llvm::target::*;
use llvm::LLVMOpcode;

/// The `byval` attribute of parameter `index` (0-based) of a function or call site, as the
/// pointee type, with the parameter's alignment (0 when none is stated).
unsafe fn byval_type(attr: LLVMAttributeRef, align: LLVMAttributeRef) -> Option<(LLVMTypeRef, u32)> {
    if attr.is_null() {
        return None;
    }
    let ty = LLVMGetTypeAttributeValue(attr);
    if ty.is_null() {
        return None;
    }
    let a = if align.is_null() { 0 } else { LLVMGetEnumAttributeValue(align) as u32 };
    Some((ty, a))
}

fn attribute_kind(name: &str) -> u32 {
    // SAFETY: a valid string and its length.
    unsafe { LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len()) }
}

/// Rewrites `byval` parameters and variadic `byval` arguments as the module documentation says.
///
/// # Safety
/// `module` must be a valid module whose data layout is `td`, of context `ctx`.
pub(super) unsafe fn make_byval_copies(module: LLVMModuleRef, ctx: LLVMContextRef, td: LLVMTargetDataRef) {
    let byval = attribute_kind("byval");
    let align = attribute_kind("align");
    let b = LLVMCreateBuilderInContext(ctx);
    copy_byval_parameters(module, ctx, td, b, byval, align);
    pass_variadic_byval_by_value(module, b, byval, align);
    LLVMDisposeBuilder(b);
}

/// The first debug location in `bb`, if any.
unsafe fn first_location(bb: LLVMBasicBlockRef) -> LLVMMetadataRef {
    let mut inst = LLVMGetFirstInstruction(bb);
    while !inst.is_null() {
        let loc = LLVMInstructionGetDebugLoc(inst);
        if !loc.is_null() {
            return loc;
        }
        inst = LLVMGetNextInstruction(inst);
    }
    std::ptr::null_mut()
}

unsafe fn copy_byval_parameters(
    module: LLVMModuleRef,
    ctx: LLVMContextRef,
    td: LLVMTargetDataRef,
    b: LLVMBuilderRef,
    byval: u32,
    align: u32,
) {
    let i64t = LLVMInt64TypeInContext(ctx);
    let mut f = LLVMGetFirstFunction(module);
    while !f.is_null() {
        let entry = LLVMGetFirstBasicBlock(f);
        if !entry.is_null() {
            let loc = first_location(entry);
            for i in 0..LLVMCountParams(f) {
                let idx = i + 1; // attribute index of parameter i
                let Some((ty, stated)) = byval_type(
                    LLVMGetEnumAttributeAtIndex(f, idx, byval),
                    LLVMGetEnumAttributeAtIndex(f, idx, align),
                ) else {
                    continue;
                };
                let param = LLVMGetParam(f, i);
                let al = stated.max(LLVMABIAlignmentOfType(td, ty));
                LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(entry));
                let copy = LLVMBuildAlloca(b, ty, c"byval.copy".as_ptr());
                LLVMSetAlignment(copy, al);
                LLVMReplaceAllUsesWith(param, copy);
                let size = LLVMConstInt(i64t, LLVMABISizeOfType(td, ty), 0);
                let cpy = LLVMBuildMemCpy(b, copy, al, param, stated.max(1), size);
                if !loc.is_null() && !LLVMIsAInstruction(cpy).is_null() {
                    LLVMInstructionSetDebugLoc(cpy, loc);
                }
            }
        }
        f = LLVMGetNextFunction(f);
    }
}

unsafe fn pass_variadic_byval_by_value(module: LLVMModuleRef, b: LLVMBuilderRef, byval: u32, align: u32) {
    let mut calls = Vec::new();
    super::canon::for_each_instruction(module, |inst| {
        if LLVMGetInstructionOpcode(inst) != LLVMOpcode::LLVMCall {
            return;
        }
        let fty = LLVMGetCalledFunctionType(inst);
        if fty.is_null() || LLVMIsFunctionVarArg(fty) == 0 {
            return;
        }
        let fixed = LLVMCountParamTypes(fty);
        let n = LLVMGetNumArgOperands(inst);
        if (fixed..n).any(|i| !LLVMGetCallSiteEnumAttribute(inst, i + 1, byval).is_null()) {
            calls.push(inst);
        }
    });
    for call in calls {
        let fty = LLVMGetCalledFunctionType(call);
        let fixed = LLVMCountParamTypes(fty);
        let n = LLVMGetNumArgOperands(call);
        let loc = LLVMInstructionGetDebugLoc(call);
        LLVMPositionBuilderBefore(b, call);
        let mut args = Vec::with_capacity(n as usize);
        for i in 0..n {
            let arg = LLVMGetOperand(call, i);
            let by = if i >= fixed {
                byval_type(
                    LLVMGetCallSiteEnumAttribute(call, i + 1, byval),
                    LLVMGetCallSiteEnumAttribute(call, i + 1, align),
                )
            } else {
                None
            };
            match by {
                Some((ty, stated)) => {
                    let v = LLVMBuildLoad2(b, ty, arg, c"byval.value".as_ptr());
                    LLVMSetAlignment(v, stated.max(1));
                    if !loc.is_null() {
                        LLVMInstructionSetDebugLoc(v, loc);
                    }
                    args.push(v);
                }
                None => args.push(arg),
            }
        }
        let callee = LLVMGetCalledValue(call);
        let new = LLVMBuildCall2(b, fty, callee, args.as_mut_ptr(), n, c"".as_ptr());
        if !loc.is_null() {
            LLVMInstructionSetDebugLoc(new, loc);
        }
        LLVMReplaceAllUsesWith(call, new);
        LLVMInstructionEraseFromParent(call);
    }
}
