//! Can a pointer to a block-scoped local outlive its block, in a way `mem2reg` would hide?
//!
//! clang marks the end of a local's block with `llvm.lifetime.end` (vigil asks for the markers,
//! `driver.rs`): an access through a pointer kept past it is undefined behaviour (C11 6.2.4p2),
//! which the VM reports. But `mem2reg` ignores the markers and runs until nothing more can be
//! promoted: once the slot holding `q = &x` is a register, `x` itself is only loaded and stored,
//! is promoted too, and the read of `*q` after `x`'s block becomes a read of `x`'s last value — a
//! verifier working on that SSA form (the shape and synergy engines) would answer `true` for a
//! program that accesses a dead object. So the front end declines `mem2reg`
//! ([`vigil_ir::Module::mem2reg_declined`]) when a block-scoped local's address escapes.
//!
//! A local is *block-scoped* when a lifetime end of it is followed by more than other ends and
//! the function's return (the ends clang emits there concern the whole frame, which dies anyway).
//! Its address *escapes* when it, or an address computed from it by pointer arithmetic, a φ or a
//! select, is stored as a value, passed to a call (other than the memory intrinsics, which keep
//! nothing), returned, or used by any instruction other than a load or store through it, a
//! comparison, a subscript check or a lifetime marker. An over-approximation: it costs only the
//! SSA form.

use vigil_ir::{Function, InstKind, Intrinsic, Loc, Module, Operand, Terminator, ValueId};

/// The first place (by function, then block order) where the address of a block-scoped local of
/// the program (not of vigil's runtime) escapes.
pub fn first_escape_from_scope(m: &Module) -> Option<Loc> {
    m.functions.iter().filter(|f| !f.is_declaration() && !f.runtime).find_map(|f| escape_in(f).map(|l| if l.is_known() { l } else { f.loc }))
}

fn block_scoped(f: &Function, a: ValueId) -> bool {
    let is_end = |i: &vigil_ir::Inst| matches!(&i.kind, InstKind::Intrinsic { which: Intrinsic::LifetimeEnd, .. });
    f.blocks.iter().any(|b| {
        b.insts.iter().enumerate().any(|(k, i)| {
            let ends_a = matches!(&i.kind, InstKind::Intrinsic { which: Intrinsic::LifetimeEnd, args, .. } if args.get(1) == Some(&Operand::Value(a)));
            // At the function's exit: only other ends and the return follow.
            let at_exit = matches!(b.term, Terminator::Ret { .. }) && b.insts[k + 1..].iter().all(is_end);
            ends_a && !at_exit
        })
    })
}

/// Where an address derived from `a` escapes in `f`.
pub(crate) fn escape_of(f: &Function, a: ValueId) -> Option<Loc> {
    escape_with(f, a, |_, _| false)
}

/// [`escape_of`], except that passing the address as argument `k` of a call for which
/// `copied(call, k)` holds keeps nothing (the callee only copies the object).
pub(crate) fn escape_with(f: &Function, a: ValueId, copied: impl Fn(&InstKind, usize) -> bool) -> Option<Loc> {
    escape_walk(f, a, copied, &[])
}

/// Where parameter `p` of `f` may outlive the call: [`escape_of`], except that storing it into
/// one of the function's own promotable stack slots (clang's `-O0` spill of every named
/// parameter, `p.addr`) keeps nothing and the values loaded from that slot are followed in turn.
/// A slot dies with the call, so what was stored there is kept only if a loaded copy escapes.
/// (Not for [`escape_of`]'s own question: there a pointer kept in a local's slot is exactly
/// what may outlive a block.)
pub(crate) fn escape_of_param(f: &Function, p: ValueId) -> Option<Loc> {
    let slots = crate::uninit::promotable_slots(f);
    escape_walk(f, p, |_, _| false, &slots)
}

/// Where an address derived from `a` escapes in `f`; a store into one of `slots` (allocas used
/// only as the address of loads and stores) is followed through the loads of that slot.
fn escape_walk(f: &Function, a: ValueId, copied: impl Fn(&InstKind, usize) -> bool, slots: &[ValueId]) -> Option<Loc> {
    let mut derived = vec![a];
    let mut i = 0;
    while i < derived.len() {
        let v = derived[i];
        i += 1;
        let is = |o: &Operand| *o == Operand::Value(v);
        for b in &f.blocks {
            if b.term.operands().iter().any(is) {
                return Some(f.loc);
            }
            for inst in &b.insts {
                if !inst.kind.operands().iter().any(is) {
                    continue;
                }
                let kept = match &inst.kind {
                    InstKind::Load { .. } | InstKind::IndexCheck { .. } | InstKind::ICmp { .. } => false,
                    InstKind::Store { ptr: Operand::Value(slot), val, .. } if is(val) && slots.contains(slot) => {
                        let loads = f.blocks.iter().flat_map(|b| &b.insts).filter_map(|l| match (&l.kind, l.dest) {
                            (InstKind::Load { ptr, .. }, Some(d)) if *ptr == Operand::Value(*slot) => Some(d),
                            _ => None,
                        });
                        for d in loads.collect::<Vec<_>>() {
                            if !derived.contains(&d) {
                                derived.push(d);
                            }
                        }
                        false
                    }
                    InstKind::Store { val, .. } => is(val),
                    InstKind::Call { callee, args, .. } => {
                        matches!(callee, vigil_ir::Callee::Indirect(p) if is(p))
                            || args.iter().enumerate().any(|(k, o)| is(o) && !copied(&inst.kind, k))
                    }
                    InstKind::Intrinsic { which, .. } => !matches!(
                        which,
                        Intrinsic::LifetimeStart | Intrinsic::LifetimeEnd | Intrinsic::Memcpy | Intrinsic::Memmove | Intrinsic::Memset
                    ),
                    // An address computed from it, or chosen among others by a φ or a select,
                    // is followed in turn.
                    InstKind::PtrAdd { base, .. } if is(base) => {
                        if let Some(d) = inst.dest.filter(|d| !derived.contains(d)) {
                            derived.push(d);
                        }
                        false
                    }
                    InstKind::Phi { .. } | InstKind::Select { .. } => {
                        if let Some(d) = inst.dest.filter(|d| !derived.contains(d)) {
                            derived.push(d);
                        }
                        false
                    }
                    _ => true,
                };
                if kept {
                    return Some(inst.loc);
                }
            }
        }
    }
    None
}

fn escape_in(f: &Function) -> Option<Loc> {
    f.allocas().filter(|&a| block_scoped(f, a)).find_map(|a| escape_of(f, a))
}
