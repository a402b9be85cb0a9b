//! Rewrites the bitcode, through LLVM's C API, into a form whose meaning the `llvm-ir` crate keeps.
//!
//! The `llvm-ir` crate (0.11) loses two things the lowering needs (see FRONTEND-NOTES.md, "What
//! `llvm-ir` 0.11 gives and loses"):
//!
//! - the **source element type of constant `getelementptr`s**. Two constant GEPs with the same
//!   base and indices but different source types (`gep (%struct.X, @foo, 0, 0, 1)` and
//!   `gep ([3 x %struct.Y], @foo, 0, 1)`) look identical afterwards but address different bytes.
//!   [`canonicalize`] replaces every constant GEP whose indices are constant integers by the byte
//!   GEP `getelementptr i8, base, i64 OFFSET` (same `inbounds` flag), with the offset computed from
//!   the module's own data layout. An `i8` GEP with one index has an offset the lowering can read
//!   without any type.
//! - the **target of `blockaddress`** (`&&label` in GNU C) — `llvm-ir` keeps no block. Each
//!   function whose blocks have their address taken gets a private constant byte array
//!   `@__vigil.labels.F` with one byte per block; `blockaddress(@F, %bb)` becomes the address of
//!   the byte at the block's position. Label addresses are thus distinct, non-null, comparable
//!   pointers, as in C. Every `indirectbr ptr %p, [%b0, %b1, …]` (`goto *p`) becomes
//!   `switch i64 (select (p == &&b0) 0 (select (p == &&b1) 1 … -1)), [0: %b0, 1: %b1, …]` whose
//!   default is a new block ending in `unreachable`: a `goto *p` to anything but a label of the
//!   listed ones is undefined behaviour (C11 6.8.6.1 via GNU's "labels as values"), and reaching
//!   `unreachable` is a fault in every engine. The `switch` stays in the `indirectbr`'s block, so
//!   the destinations' phis keep their incoming block.
//!
//! - the **high bits of integer constants wider than 64 bits** (`i128`): `llvm-ir` keeps 64.
//!   [`super::canon_wide`] rebuilds each such instruction operand from its halves with
//!   instructions.
//! - the **copy a `byval` argument stands for** (a parameter attribute the lowering does not
//!   read): [`super::canon_byval`] makes it an explicit `alloca` and `memcpy` in the callee, and
//!   passes variadic `byval` arguments as aggregate values.
//! - nothing of **calls that clang's `-O0` code does not make** (an unused call that writes no
//!   memory by its attributes, e.g. a statement `atof(s);`): [`super::canon_dead_calls`] erases
//!   them.
//!
//! # Invariants
//!
//! - Constant GEPs are rewritten users-before-operands (reverse post-order of the constant DAG):
//!   `LLVMReplaceAllUsesWith` on a constant re-creates and destroys every constant that uses it,
//!   so a constant still to be rewritten must never be a user of one being rewritten.
//! - Only GEPs whose offset is known are rewritten; the others keep their form, and the lowering
//!   names them as unsupported.
//!
//! # Safety
//!
//! Called from [`super::gep_offsets::compute`] on a module it owns; every pointer is to an object
//! of that module's context and none escapes.

use std::collections::{HashMap, HashSet};
use std::ffi::CString;

use llvm_sys_191 as llvm;
use llvm::core::*;
use llvm::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
use llvm::prelude::*;
use llvm::target::*;
use llvm::{LLVMIntPredicate, LLVMLinkage, LLVMOpcode, LLVMTypeKind};

/// Prefix of the label arrays' names (the lowering and printouts see them as ordinary globals).
pub const LABELS_PREFIX: &str = "__vigil.labels.";

/// Rewrites constant GEPs, `blockaddress`, `indirectbr`, `byval` arguments and wide integer constants in `module`
/// as the module documentation says. Returns whether every integer constant wider than 64 bits
/// left in the module fits 64 bits (zero-extended), i.e. whether `llvm-ir` reads them exactly.
///
/// # Safety
/// `module` must be a valid module whose data layout is `td`.
pub unsafe fn canonicalize(module: LLVMModuleRef, td: LLVMTargetDataRef) -> bool {
    let ctx = LLVMGetModuleContext(module);
    super::canon_dead_calls::drop_unused_calls_without_writes(module);
    rewrite_constant_geps(module, ctx, td);
    let labels = rewrite_block_addresses(module, ctx);
    rewrite_indirect_branches(module, ctx, &labels);
    super::canon_byval::make_byval_copies(module, ctx, td);
    super::canon_wide::rewrite_wide_constants(module, ctx)
}

/// Calls `visit` on every global initialiser.
pub(super) unsafe fn for_each_initializer(module: LLVMModuleRef, mut visit: impl FnMut(LLVMValueRef)) {
    let mut g = LLVMGetFirstGlobal(module);
    while !g.is_null() {
        let init = LLVMGetInitializer(g);
        if !init.is_null() {
            visit(init);
        }
        g = LLVMGetNextGlobal(g);
    }
}

/// Calls `visit` on every instruction of every function, in order. The next instruction is
/// taken before `visit` runs, so `visit` may insert instructions before the one it is given.
pub(super) unsafe fn for_each_instruction(module: LLVMModuleRef, mut visit: impl FnMut(LLVMValueRef)) {
    let mut f = LLVMGetFirstFunction(module);
    while !f.is_null() {
        let mut bb = LLVMGetFirstBasicBlock(f);
        while !bb.is_null() {
            let mut inst = LLVMGetFirstInstruction(bb);
            while !inst.is_null() {
                let next = LLVMGetNextInstruction(inst);
                visit(inst);
                inst = next;
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
        f = LLVMGetNextFunction(f);
    }
}

/// The operands of an instruction (or constant expression) `v`.
pub(super) unsafe fn operands(v: LLVMValueRef) -> impl Iterator<Item = (u32, LLVMValueRef)> {
    let n = LLVMGetNumOperands(v).max(0) as u32;
    (0..n).map(move |i| (i, LLVMGetOperand(v, i))).filter(|(_, op)| !op.is_null())
}

/// Calls `visit` on every global initialiser and every instruction operand that is a constant.
pub(super) unsafe fn for_each_root(module: LLVMModuleRef, mut visit: impl FnMut(LLVMValueRef)) {
    for_each_initializer(module, &mut visit);
    for_each_instruction(module, |inst| {
        for (_, op) in operands(inst) {
            if !LLVMIsAConstant(op).is_null() {
                visit(op);
            }
        }
    });
}

/// Post-order walk of the constant DAG below `v` (operands before users), globals excluded.
pub(super) unsafe fn post_order(v: LLVMValueRef, seen: &mut HashSet<usize>, out: &mut Vec<LLVMValueRef>) {
    if v.is_null() || LLVMIsAConstant(v).is_null() || !LLVMIsAGlobalValue(v).is_null() {
        return;
    }
    if !seen.insert(v as usize) {
        return;
    }
    // Iterative deepening would be safer against deep nesting, but constant expressions in C
    // programs nest only as deep as their source expressions.
    let n = LLVMGetNumOperands(v).max(0) as u32;
    for i in 0..n {
        post_order(LLVMGetOperand(v, i), seen, out);
    }
    out.push(v);
}

fn is_gep_expr(v: LLVMValueRef) -> bool {
    // SAFETY: `v` is a valid constant (callers' invariant).
    unsafe { !LLVMIsAConstantExpr(v).is_null() && LLVMGetConstOpcode(v) == LLVMOpcode::LLVMGetElementPtr }
}

unsafe fn rewrite_constant_geps(module: LLVMModuleRef, ctx: LLVMContextRef, td: LLVMTargetDataRef) {
    let mut seen = HashSet::new();
    let mut order = Vec::new();
    for_each_root(module, |c| post_order(c, &mut seen, &mut order));
    let i8t = LLVMInt8TypeInContext(ctx);
    let i64t = LLVMInt64TypeInContext(ctx);
    // Decide every replacement before the first mutation: rewriting destroys users, so nothing
    // may be read from a constant after a rewrite that could have touched it.
    let mut plan = Vec::new();
    for &v in order.iter().rev() {
        if !is_gep_expr(v) {
            continue;
        }
        let n = LLVMGetNumOperands(v).max(0) as u32;
        let src = LLVMGetGEPSourceElementType(v);
        if n == 2 && src == i8t {
            continue; // already a byte GEP
        }
        let mut indices = Vec::with_capacity(n as usize);
        for i in 1..n {
            let op = LLVMGetOperand(v, i);
            if op.is_null() || LLVMIsAConstantInt(op).is_null() || LLVMGetIntTypeWidth(LLVMTypeOf(op)) > 64 {
                indices.clear();
                break;
            }
            indices.push(LLVMConstIntGetSExtValue(op));
        }
        if indices.is_empty() {
            continue;
        }
        if let Some(off) = byte_offset(td, src, &indices) {
            plan.push((v, off, LLVMIsInBounds(v) != 0));
        }
    }
    // Users come before their operands in `plan`; a rewrite of `v` destroys only constants that
    // use `v`, which were rewritten (and dropped from our hands) already.
    for (v, off, inbounds) in plan {
        let base = LLVMGetOperand(v, 0);
        let mut idx = [LLVMConstInt(i64t, off as u64, 1)];
        let new = if inbounds {
            LLVMConstInBoundsGEP2(i8t, base, idx.as_mut_ptr(), 1)
        } else {
            LLVMConstGEP2(i8t, base, idx.as_mut_ptr(), 1)
        };
        if !new.is_null() && new != v && LLVMTypeOf(new) == LLVMTypeOf(v) {
            LLVMReplaceAllUsesWith(v, new);
        }
    }
}

/// The byte offset of a GEP with source element type `ty` and constant `indices`.
pub(super) unsafe fn byte_offset(td: LLVMTargetDataRef, mut ty: LLVMTypeRef, indices: &[i64]) -> Option<i64> {
    let (first, rest) = indices.split_first()?;
    let size = LLVMABISizeOfType(td, ty) as i64;
    let mut off = first.wrapping_mul(size);
    for &idx in rest {
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMStructTypeKind => {
                let i = u32::try_from(idx).ok()?;
                if i >= LLVMCountStructElementTypes(ty) {
                    return None;
                }
                off = off.wrapping_add(LLVMOffsetOfElement(td, ty, i) as i64);
                ty = LLVMStructGetTypeAtIndex(ty, i);
            }
            LLVMTypeKind::LLVMArrayTypeKind => {
                ty = LLVMGetElementType(ty);
                let es = LLVMABISizeOfType(td, ty) as i64;
                off = off.wrapping_add(idx.wrapping_mul(es));
            }
            _ => return None,
        }
    }
    Some(off)
}

/// A function's label array and the position of each of its blocks.
struct Labels {
    array: LLVMValueRef,
    position: HashMap<usize, u64>,
}

/// Replaces every `blockaddress` by the address of its block's byte in the function's label
/// array; returns the arrays by function.
unsafe fn rewrite_block_addresses(module: LLVMModuleRef, ctx: LLVMContextRef) -> HashMap<usize, Labels> {
    let mut seen = HashSet::new();
    let mut order = Vec::new();
    for_each_root(module, |c| post_order(c, &mut seen, &mut order));
    let addrs: Vec<LLVMValueRef> = order.into_iter().filter(|v| !LLVMIsABlockAddress(*v).is_null()).collect();
    let mut labels: HashMap<usize, Labels> = HashMap::new();
    let i8t = LLVMInt8TypeInContext(ctx);
    let i64t = LLVMInt64TypeInContext(ctx);
    // Read every (function, block) first: replacing one block address re-creates its users,
    // never another block address, but keep reads and writes apart anyway.
    let targets: Vec<(LLVMValueRef, LLVMValueRef, LLVMBasicBlockRef)> = addrs
        .iter()
        .map(|&a| (a, LLVMGetBlockAddressFunction(a), LLVMGetBlockAddressBasicBlock(a)))
        .collect();
    for (addr, f, bb) in targets {
        if f.is_null() || bb.is_null() {
            continue;
        }
        let entry = labels.entry(f as usize).or_insert_with(|| label_array(module, f, i8t));
        let Some(&pos) = entry.position.get(&(bb as usize)) else { continue };
        let mut idx = [LLVMConstInt(i64t, pos, 0)];
        let new = LLVMConstInBoundsGEP2(i8t, entry.array, idx.as_mut_ptr(), 1);
        LLVMReplaceAllUsesWith(addr, new);
    }
    labels
}

unsafe fn label_array(module: LLVMModuleRef, f: LLVMValueRef, i8t: LLVMTypeRef) -> Labels {
    let mut position = HashMap::new();
    let mut bb = LLVMGetFirstBasicBlock(f);
    let mut n = 0u64;
    while !bb.is_null() {
        position.insert(bb as usize, n);
        n += 1;
        bb = LLVMGetNextBasicBlock(bb);
    }
    let mut len = 0usize;
    let p = LLVMGetValueName2(f, &mut len);
    let fname = if p.is_null() {
        String::new()
    } else {
        String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
    };
    let name = CString::new(format!("{LABELS_PREFIX}{fname}").replace('\0', "_")).unwrap_or_default();
    let ty = LLVMArrayType2(i8t, n.max(1));
    let g = LLVMAddGlobal(module, ty, name.as_ptr());
    LLVMSetInitializer(g, LLVMConstNull(ty));
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMLinkage::LLVMPrivateLinkage);
    Labels { array: g, position }
}

/// The debug location of an `indirectbr`: its own, or (clang puts one shared `indirectbr` without
/// a location in an `indirectgoto` block) that of one of the `goto *`s jumping to its block.
unsafe fn branch_location(br: LLVMValueRef) -> LLVMMetadataRef {
    let own = LLVMInstructionGetDebugLoc(br);
    if !own.is_null() {
        return own;
    }
    let block = LLVMBasicBlockAsValue(LLVMGetInstructionParent(br));
    let mut u = LLVMGetFirstUse(block);
    while !u.is_null() {
        let user = LLVMGetUser(u);
        if !LLVMIsAInstruction(user).is_null() {
            let loc = LLVMInstructionGetDebugLoc(user);
            if !loc.is_null() {
                return loc;
            }
        }
        u = LLVMGetNextUse(u);
    }
    std::ptr::null_mut()
}

/// Replaces every `indirectbr` by a `switch` over its destinations (see the module docs).
unsafe fn rewrite_indirect_branches(module: LLVMModuleRef, ctx: LLVMContextRef, labels: &HashMap<usize, Labels>) {
    let mut branches = Vec::new();
    let mut f = LLVMGetFirstFunction(module);
    while !f.is_null() {
        let mut bb = LLVMGetFirstBasicBlock(f);
        while !bb.is_null() {
            let t = LLVMGetBasicBlockTerminator(bb);
            if !t.is_null() && LLVMGetInstructionOpcode(t) == LLVMOpcode::LLVMIndirectBr {
                branches.push((f, t));
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
        f = LLVMGetNextFunction(f);
    }
    if branches.is_empty() {
        return;
    }
    let i8t = LLVMInt8TypeInContext(ctx);
    let i64t = LLVMInt64TypeInContext(ctx);
    let b = LLVMCreateBuilderInContext(ctx);
    for (f, br) in branches {
        let loc = branch_location(br);
        let set_loc = |i: LLVMValueRef| {
            if !loc.is_null() && !LLVMIsAInstruction(i).is_null() {
                LLVMInstructionSetDebugLoc(i, loc);
            }
        };
        let addr = LLVMGetOperand(br, 0);
        let mut dests = Vec::new();
        for i in 0..LLVMGetNumSuccessors(br) {
            let d = LLVMGetSuccessor(br, i);
            if !dests.contains(&d) {
                dests.push(d);
            }
        }
        let bad = LLVMAppendBasicBlockInContext(ctx, f, c"indirectbr.invalid".as_ptr());
        LLVMPositionBuilderAtEnd(b, bad);
        set_loc(LLVMBuildUnreachable(b));
        LLVMPositionBuilderBefore(b, br);
        let mut idx = LLVMConstInt(i64t, u64::MAX, 1);
        let fl = labels.get(&(f as usize));
        let mut cases = Vec::new();
        for (k, &d) in dests.iter().enumerate().rev() {
            // A destination whose address is never taken cannot be the target of a valid jump.
            let Some(pos) = fl.and_then(|l| l.position.get(&(d as usize)).map(|p| (l.array, *p))) else { continue };
            let mut i = [LLVMConstInt(i64t, pos.1, 0)];
            let label = LLVMConstInBoundsGEP2(i8t, pos.0, i.as_mut_ptr(), 1);
            let eq = LLVMBuildICmp(b, LLVMIntPredicate::LLVMIntEQ, addr, label, c"".as_ptr());
            set_loc(eq);
            let k = LLVMConstInt(i64t, k as u64, 0);
            idx = LLVMBuildSelect(b, eq, k, idx, c"".as_ptr());
            set_loc(idx);
            cases.push((k, d));
        }
        let sw = LLVMBuildSwitch(b, idx, bad, cases.len() as u32);
        set_loc(sw);
        for (k, d) in cases {
            LLVMAddCase(sw, k, d);
        }
        LLVMInstructionEraseFromParent(br);
    }
    LLVMDisposeBuilder(b);
}
