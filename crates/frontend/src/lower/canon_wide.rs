//! Integer constants wider than 64 bits, made readable for the `llvm-ir` crate (part of the
//! bitcode rewrite of [`super::canon`]).
//!
//! `llvm-ir` 0.11 keeps an integer constant's value in a `u64`: an `i128` constant with any of its
//! high 64 bits set (`-1`, `1 << 100`) comes back silently truncated. Every such constant that is
//! a direct operand of an instruction is rebuilt from its halves with instructions `llvm-ir`
//! reads exactly:
//!
//! ```text
//! %h = freeze i64 HI            ; freeze: the builder does not fold it back into a constant
//! %z = zext i64 %h to i128
//! %s = shl i128 %z, 64
//! %c = or i128 %s, LO           ; LO < 2^64 reads exactly
//! ```
//!
//! inserted before the instruction (before the incoming block's terminator for a phi operand).
//! `switch` case values cannot be instructions; the lowering refuses a `switch` on a wide value.
//! A wide constant anywhere else (a global initialiser, inside a constant expression or an
//! aggregate constant) cannot be rewritten this way: [`rewrite_wide_constants`] then returns
//! `false` and the lowering refuses every wide constant of the module rather than use a
//! truncated one.
//!
//! # Safety
//!
//! As [`super::canon`]: called on a module owned by the caller; no pointer escapes.

use std::collections::HashSet;
use std::ffi::CStr;

use llvm_sys_191 as llvm;
use llvm::core::*;
use llvm::prelude::*;
use llvm::{LLVMOpcode, LLVMTypeKind};

/// The value of a constant integer of width ≤ 128, read from LLVM's printed form (the C API
/// gives only 64 bits).
unsafe fn wide_value(c: LLVMValueRef) -> Option<u128> {
    let p = LLVMPrintValueToString(c);
    if p.is_null() {
        return None;
    }
    let text = CStr::from_ptr(p).to_string_lossy().into_owned();
    LLVMDisposeMessage(p);
    let num = text.split_whitespace().last()?;
    match num {
        "true" => Some(1),
        "false" => Some(0),
        _ => num.parse::<i128>().map(|v| v as u128).ok().or_else(|| num.parse::<u128>().ok()),
    }
}

/// A wide (> 64 bits) integer constant whose value `llvm-ir` would truncate: `Some(value)`.
unsafe fn truncated_wide(c: LLVMValueRef) -> Option<u128> {
    if c.is_null() || LLVMIsAConstantInt(c).is_null() {
        return None;
    }
    let ty = LLVMTypeOf(c);
    if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMIntegerTypeKind || LLVMGetIntTypeWidth(ty) <= 64 {
        return None;
    }
    let w = LLVMGetIntTypeWidth(ty);
    let v = wide_value(c)?;
    let m = if w >= 128 { u128::MAX } else { (1u128 << w) - 1 };
    let v = v & m;
    (v >> 64 != 0).then_some(v)
}

/// Rewrites the wide constant operands of instructions; returns whether no truncated wide
/// constant is left anywhere else (see the module documentation).
pub(super) unsafe fn rewrite_wide_constants(module: LLVMModuleRef, ctx: LLVMContextRef) -> bool {
    let mut exact = true;
    let i64t = LLVMInt64TypeInContext(ctx);
    let b = LLVMCreateBuilderInContext(ctx);
    super::canon::for_each_instruction(module, |inst| {
        let is_phi = LLVMGetInstructionOpcode(inst) == LLVMOpcode::LLVMPHI;
        let is_switch = LLVMGetInstructionOpcode(inst) == LLVMOpcode::LLVMSwitch;
        for (i, op) in super::canon::operands(inst) {
            let Some(v) = truncated_wide(op) else { continue };
            if is_switch {
                continue; // refused by the lowering (switch on a wide value)
            }
            if is_phi {
                let from = LLVMGetIncomingBlock(inst, i);
                LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(from));
            } else {
                LLVMPositionBuilderBefore(b, inst);
            }
            let ty = LLVMTypeOf(op);
            let hi = LLVMBuildFreeze(b, LLVMConstInt(i64t, (v >> 64) as u64, 0), c"wide.hi".as_ptr());
            let z = LLVMBuildZExt(b, hi, ty, c"".as_ptr());
            let s = LLVMBuildShl(b, z, LLVMConstInt(ty, 64, 0), c"".as_ptr());
            let c = LLVMBuildOr(b, s, LLVMConstInt(ty, v as u64, 0), c"wide.const".as_ptr());
            LLVMSetOperand(inst, i, c);
        }
    });
    LLVMDisposeBuilder(b);
    // Whatever is left: constants nested in initialisers, constant expressions, aggregates.
    let mut seen = HashSet::new();
    let mut all = Vec::new();
    super::canon::for_each_root(module, |c| super::canon::post_order(c, &mut seen, &mut all));
    super::canon::for_each_initializer(module, |init| {
        if truncated_wide(init).is_some() {
            exact = false;
        }
    });
    // Direct switch operands are refused by the lowering; everything else here is nested.
    if all.iter().any(|&c| truncated_wide(c).is_some() && !only_switch_operand(c)) {
        exact = false;
    }
    exact
}

/// Whether every use of constant `c` is as an operand of a `switch` instruction.
unsafe fn only_switch_operand(c: LLVMValueRef) -> bool {
    let mut u = LLVMGetFirstUse(c);
    while !u.is_null() {
        let user = LLVMGetUser(u);
        if LLVMIsAInstruction(user).is_null() || LLVMGetInstructionOpcode(user) != LLVMOpcode::LLVMSwitch {
            return false;
        }
        u = LLVMGetNextUse(u);
    }
    true
}
