//! Keeps of the linked runtime only what the program can reach.
//!
//! vigil's runtime (libc, malloc, pthreads, the scheduler: `crates/runtime/c`) has about 600
//! functions, and a program calls a few dozen of them. Everything after the link — the
//! canonicalisation, the bitcode written for the `llvm-ir` crate and read back, the lowering, the
//! VM's per-function tables — used to run over all of them, on every check: most of a small
//! program's fixed cost. [`prune_runtime`] drops the runtime's functions and globals that nothing
//! the VM can run refers to, before any of that.
//!
//! # Invariants
//!
//! * What is kept is closed under reference: the *roots* are every global value that the
//!   program's own module named before the link (its definitions and its declarations, which the
//!   link resolved to the runtime's definitions), the functions the VM or the front end reach by
//!   name ([`ENTRY_POINTS`]: `__boot` — from which the scheduler, the fault handler, the start of
//!   `main` and the constructors' runner are referenced —, `exit`, which the VM calls when `main`
//!   returns, `main`; and every `__VERIFIER_*` function, which the front end's peer conventions
//!   may make the target of calls after lowering, `crate::conventions`), and LLVM's own `llvm.*`
//!   globals (constructors, destructors, `llvm.used`). From the roots, every operand of every
//!   instruction and every initialiser is followed, through constant expressions and aggregates,
//!   to the functions and globals it names.
//! * Only what is not reached is dropped, and only global values the link brought in: each is
//!   given internal linkage and LLVM's `globaldce` pass deletes it (with unused declarations).
//!   A dropped function can therefore never run: no instruction that can run, no initialiser that
//!   can be read names it, and the VM calls no function by name but the entry points.
//! * The program alone (no runtime linked) is never pruned: its unused functions are still
//!   lowered, so that what the engines report about them does not depend on the runtime.

use std::collections::HashSet;

use llvm_sys_191 as llvm;
use llvm::core::*;
use llvm::prelude::*;

/// The runtime functions that the VM calls by name or the front end names after lowering.
pub const ENTRY_POINTS: [&str; 3] = ["__boot", "exit", "main"];

/// Prefix of the SV-COMP functions, which `crate::conventions` may redirect calls to after
/// lowering.
const SVCOMP_PREFIX: &str = "__VERIFIER_";

/// The names of every global value (function, variable, alias) of `module`.
///
/// # Safety
/// `module` must be a valid module.
pub(super) unsafe fn global_names(module: LLVMModuleRef) -> HashSet<String> {
    let mut names = HashSet::new();
    for v in global_values(module) {
        names.insert(name_of(v));
    }
    names
}

/// Drops from `module` (the program linked with the runtime) the runtime's functions and
/// globals that are not reachable from the roots (see the module documentation); `program` are
/// the names [`global_names`] gave for the program's module before the link. Returns how many
/// global values were dropped, or LLVM's message when its pass manager fails (which it does
/// not for this fixed pipeline; the module is then not to be used).
///
/// # Safety
/// `module` must be a valid, linked module.
pub(super) unsafe fn prune_runtime(module: LLVMModuleRef, program: &HashSet<String>) -> Result<usize, String> {
    let all = global_values(module);
    let is_root = |name: &str| {
        program.contains(name) || ENTRY_POINTS.contains(&name) || name.starts_with(SVCOMP_PREFIX) || name.starts_with("llvm.")
    };
    let mut live: HashSet<usize> = HashSet::new();
    let mut work: Vec<LLVMValueRef> = Vec::new();
    for &v in &all {
        if is_root(&name_of(v)) && live.insert(v as usize) {
            work.push(v);
        }
    }
    let mut seen_constants: HashSet<usize> = HashSet::new();
    while let Some(v) = work.pop() {
        let mut reached = Vec::new();
        if !LLVMIsAFunction(v).is_null() {
            if LLVMHasPersonalityFn(v) != 0 {
                reached.push(LLVMGetPersonalityFn(v));
            }
            let mut bb = LLVMGetFirstBasicBlock(v);
            while !bb.is_null() {
                let mut inst = LLVMGetFirstInstruction(bb);
                while !inst.is_null() {
                    reached.extend(super::canon::operands(inst).map(|(_, op)| op));
                    inst = LLVMGetNextInstruction(inst);
                }
                bb = LLVMGetNextBasicBlock(bb);
            }
        } else if !LLVMIsAGlobalVariable(v).is_null() {
            reached.push(LLVMGetInitializer(v));
        } else if !LLVMIsAGlobalAlias(v).is_null() {
            reached.push(LLVMAliasGetAliasee(v));
        }
        for op in reached {
            referenced_globals(op, &mut seen_constants, &mut |g| {
                if live.insert(g as usize) {
                    work.push(g);
                }
            });
        }
    }
    let mut dropped = 0;
    for &v in &all {
        if !live.contains(&(v as usize)) && LLVMIsDeclaration(v) == 0 {
            LLVMSetLinkage(v, llvm::LLVMLinkage::LLVMInternalLinkage);
            LLVMSetVisibility(v, llvm::LLVMVisibility::LLVMDefaultVisibility);
            dropped += 1;
        }
    }
    if dropped == 0 {
        return Ok(0);
    }
    crate::llvm_c::run_passes(module, c"globaldce")?;
    Ok(dropped)
}

/// Calls `found` on every global value that the value `v` is or names through constant
/// expressions and aggregates (instructions and other non-constants name nothing here: an
/// instruction operand that is itself an instruction is walked as part of its function).
unsafe fn referenced_globals(v: LLVMValueRef, seen: &mut HashSet<usize>, found: &mut impl FnMut(LLVMValueRef)) {
    if v.is_null() || LLVMIsAConstant(v).is_null() {
        return;
    }
    if !LLVMIsAGlobalValue(v).is_null() {
        found(v);
        return;
    }
    if !seen.insert(v as usize) {
        return;
    }
    for (_, op) in super::canon::operands(v) {
        referenced_globals(op, seen, found);
    }
}

/// Every function, global variable and alias of `module`.
unsafe fn global_values(module: LLVMModuleRef) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    let mut f = LLVMGetFirstFunction(module);
    while !f.is_null() {
        out.push(f);
        f = LLVMGetNextFunction(f);
    }
    let mut g = LLVMGetFirstGlobal(module);
    while !g.is_null() {
        out.push(g);
        g = LLVMGetNextGlobal(g);
    }
    let mut a = LLVMGetFirstGlobalAlias(module);
    while !a.is_null() {
        out.push(a);
        a = LLVMGetNextGlobalAlias(a);
    }
    out
}

unsafe fn name_of(v: LLVMValueRef) -> String {
    let mut len = 0usize;
    let p = LLVMGetValueName2(v, &mut len);
    if p.is_null() {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
}
