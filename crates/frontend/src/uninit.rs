//! Does the program read a local variable before writing it, in a way `mem2reg` would hide?
//!
//! `mem2reg` promotes an alloca that is only loaded, stored and given lifetime markers to SSA
//! registers. A load that no store reaches then becomes LLVM `undef` — or, legally in LLVM but
//! not in C, the value of the one store there is (an alloca stored once is rewritten to that
//! value everywhere, whether the store dominates the load or not). Either way the program's
//! indeterminate value (SV-COMP: one nondeterministic value) is gone, and a verifier working on
//! that SSA form could answer `true` for a program that fails with some initial value. So the
//! front end asks this analysis on the stack-slot form first, and declines `mem2reg` when it
//! finds such a load ([`vigil_ir::Module::mem2reg_declined`]).
//!
//! The analysis is a forward must-analysis per function over the allocas `mem2reg` could
//! promote (every use is the pointer of a load or store, or a lifetime marker): a slot is
//! *initialised* after a store to it and *uninitialised* at the function's entry and after a
//! lifetime marker (a loop iteration re-entering the block); at a join it is initialised only if
//! it is on every incoming edge. It over-approximates the loads that may read uninitialised
//! memory, which only costs the SSA form, never soundness.

use vigil_ir::{BlockId, Function, InstKind, Intrinsic, Loc, Module, Operand, ValueId};

/// The first load (by function, then block order) of a promotable alloca that may read it
/// before any store, in a function of the program (not of vigil's runtime).
pub fn first_uninitialised_read(m: &Module) -> Option<Loc> {
    m.functions.iter().filter(|f| !f.is_declaration() && !f.runtime).find_map(|f| uninitialised_read(f).map(|l| if l.is_known() { l } else { f.loc }))
}

/// The allocas of `f` that `mem2reg` could promote, each with its index in the analysis.
pub(crate) fn promotable_slots(f: &Function) -> Vec<ValueId> {
    let mut slots: Vec<ValueId> = f.allocas().collect();
    let is = |o: &Operand, v: ValueId| *o == Operand::Value(v);
    slots.retain(|&a| {
        f.blocks.iter().all(|b| {
            b.term.operands().iter().all(|o| !is(o, a))
                && b.insts.iter().all(|i| match &i.kind {
                    InstKind::Load { .. } => true,
                    InstKind::Store { val, .. } => !is(val, a),
                    InstKind::Intrinsic { which: Intrinsic::LifetimeStart | Intrinsic::LifetimeEnd, .. } => true,
                    other => other.operands().iter().all(|o| !is(o, a)),
                })
        })
    });
    slots
}

/// Where `f` may load a promotable alloca before storing it.
fn uninitialised_read(f: &Function) -> Option<Loc> {
    let slots = promotable_slots(f);
    if slots.is_empty() {
        return None;
    }
    let index = |o: &Operand| match o {
        Operand::Value(v) => slots.iter().position(|s| s == v),
        Operand::Const(_) => None,
    };
    let n = f.blocks.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, blk) in f.blocks.iter().enumerate() {
        for s in blk.term.successors() {
            preds[s.index()].push(b);
        }
    }
    let order: Vec<usize> = vigil_ir::graphs::reverse_post_order(f).iter().map(|b: &BlockId| b.index()).collect();
    // out[b][k]: slot k is initialised at the end of block b on every path (top = all true).
    let mut out: Vec<Vec<bool>> = vec![vec![true; slots.len()]; n];
    let block_in = |b: usize, out: &[Vec<bool>]| -> Vec<bool> {
        if b == 0 {
            return vec![false; slots.len()];
        }
        let mut v = vec![true; slots.len()];
        for &p in &preds[b] {
            for (k, x) in v.iter_mut().enumerate() {
                *x &= out[p][k];
            }
        }
        v
    };
    // Runs the block's instructions over `state`; returns the first load of an uninitialised slot.
    let transfer = |b: usize, state: &mut Vec<bool>| -> Option<Loc> {
        let mut found = None;
        for i in &f.blocks[b].insts {
            match &i.kind {
                InstKind::Store { ptr, .. } => {
                    if let Some(k) = index(ptr) {
                        state[k] = true;
                    }
                }
                InstKind::Load { ptr, .. } => {
                    if let Some(k) = index(ptr) {
                        if !state[k] && found.is_none() {
                            found = Some(i.loc);
                        }
                    }
                }
                InstKind::Intrinsic { which: Intrinsic::LifetimeStart | Intrinsic::LifetimeEnd, args, .. } => {
                    if let Some(k) = args.get(1).and_then(index) {
                        state[k] = false;
                    }
                }
                _ => {}
            }
        }
        found
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &order {
            let mut state = block_in(b, &out);
            transfer(b, &mut state);
            if state != out[b] {
                out[b] = state;
                changed = true;
            }
        }
    }
    order.iter().find_map(|&b| {
        let mut state = block_in(b, &out);
        transfer(b, &mut state)
    })
}
