//! The logical memory model: abstract locations and what a pointer term points to.
//!
//! Babić, thesis 2008, §3.1.2 and §3.2.1: a location is a *terminal pointer* — a global, a stack
//! or heap allocation site, or a pointer the function receives (a parameter, a value loaded from
//! memory, a call result) — plus a constant byte offset when the offset simplifies to a constant
//! (field sensitivity), otherwise the whole object. Recursive structures get one node per
//! allocation site. Distinct terminal pointers are assumed not to alias.
//!
//! Addresses of allocation sites and globals are constants `id << 32 | offset` (as in the VM:
//! object id in the high half), so the hash-consed DAG folds address arithmetic and
//! [`targets`] can read the object back from a constant. Any other pointer term is its own
//! terminal pointer ([`Base::Term`]). `ite` terms are split into guarded alternatives.
//!
//! Invariants: object ids start at 1 (address 0 is NULL); [`Objects::addr`] is injective;
//! [`targets`] returns alternatives whose guards are pairwise exclusive and together true.

use std::collections::HashMap;

use vigil_bv::{Op, TermId, TermManager};
use vigil_ir::FuncId;

/// The object part of a location.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Base {
    Global(u32),
    /// A stack allocation site (function, block, instruction index); local to the function.
    Alloca(FuncId, u32, u32),
    /// A heap allocation site; one node per site for the whole program.
    Heap(FuncId, u32, u32),
    /// A function's address (never dereferenced for data).
    Func(FuncId),
    /// A terminal pointer term of some function's space.
    Term(TermId),
    /// Not memory: an SSA register (value index, width in bits) defined inside a loop, whose
    /// copies in the unrolled graph are merged like a location's definitions.
    Reg(u32, u32),
}

/// An abstract memory location: `bytes` bytes at `off` in `base` (`None`: somewhere in it).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Loc {
    pub base: Base,
    pub off: Option<i64>,
    pub bytes: u32,
}

/// What a pointer may be.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Target {
    Null,
    At(Base, Option<i64>),
}

/// The table of objects that have constant addresses.
#[derive(Clone, Debug, Default)]
pub struct Objects {
    ids: HashMap<Base, u32>,
    bases: Vec<Base>,
    /// Heap sites whose objects start zeroed (`calloc`).
    pub zeroed: std::collections::HashSet<Base>,
}

impl Objects {
    /// The address (as a 64-bit value) of offset 0 of `b`, which must not be a [`Base::Term`].
    pub fn addr(&mut self, b: Base) -> u64 {
        let id = match self.ids.get(&b) {
            Some(&id) => id,
            None => {
                self.bases.push(b);
                let id = self.bases.len() as u32;
                self.ids.insert(b, id);
                id
            }
        };
        u64::from(id) << 32
    }

    /// The object whose address range contains `a`, with the offset.
    pub fn decode(&self, a: u64) -> Option<(Base, i64)> {
        let id = (a >> 32) as usize;
        if id == 0 || id > self.bases.len() {
            return None;
        }
        Some((self.bases[id - 1], i64::from(a as u32)))
    }
}

/// Is `t` an index computation rather than a pointer (used to pick the base of `p + i`)?
fn index_like(tm: &TermManager, t: TermId) -> bool {
    matches!(
        tm.op(t),
        Op::BvMul | Op::BvShl | Op::ZeroExt(_) | Op::SignExt(_) | Op::BvConst(_)
    )
}

/// The alternatives a pointer term may point to, each with its guard (a Bool term).
pub fn targets(tm: &mut TermManager, objects: &Objects, p: TermId) -> Vec<(TermId, Target)> {
    let mut out = Vec::new();
    let tt = tm.tt();
    collect(tm, objects, p, tt, 0, &mut out);
    out
}

fn collect(tm: &mut TermManager, objects: &Objects, p: TermId, guard: TermId, depth: u32, out: &mut Vec<(TermId, Target)>) {
    let shift = |t: Target, k: Option<i64>| match t {
        Target::Null => Target::At(Base::Term(p), Some(0)),
        Target::At(b, Some(o)) => Target::At(b, k.map(|k| o.wrapping_add(k))),
        Target::At(b, None) => Target::At(b, None),
    };
    if depth > 16 {
        out.push((guard, Target::At(Base::Term(p), Some(0))));
        return;
    }
    match tm.op(p).clone() {
        Op::BvConst(v) => {
            let a = v.low_u64();
            if a == 0 {
                out.push((guard, Target::Null));
            } else if let Some((b, off)) = objects.decode(a) {
                out.push((guard, Target::At(b, Some(off))));
            } else {
                out.push((guard, Target::At(Base::Term(p), Some(0))));
            }
        }
        Op::Ite => {
            let (c, a, b) = (tm.arg(p, 0), tm.arg(p, 1), tm.arg(p, 2));
            let ga = tm.and(guard, c);
            let nc = tm.not(c);
            let gb = tm.and(guard, nc);
            collect(tm, objects, a, ga, depth + 1, out);
            collect(tm, objects, b, gb, depth + 1, out);
        }
        Op::BvAdd => {
            let (x, y) = (tm.arg(p, 0), tm.arg(p, 1));
            let (base, k) = match (tm.bv_value(x).map(|v| v.low_u64()), tm.bv_value(y).map(|v| v.low_u64())) {
                (Some(kx), None) => (y, Some(kx as i64)),
                (None, Some(ky)) => (x, Some(ky as i64)),
                _ => {
                    let base = if index_like(tm, x) && !index_like(tm, y) { y } else { x };
                    (base, None)
                }
            };
            let mut inner = Vec::new();
            collect(tm, objects, base, guard, depth + 1, &mut inner);
            for (g, t) in inner {
                out.push((g, shift(t, k)));
            }
        }
        _ => out.push((guard, Target::At(Base::Term(p), Some(0)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_bv::Sort;

    #[test]
    fn targets_split_ites_and_fold_constant_offsets() {
        let mut tm = TermManager::new();
        let mut objs = Objects::default();
        let g = objs.addr(Base::Global(3));
        let c = tm.var("c", Sort::Bool);
        let p = tm.var("p", Sort::BitVec(64));
        let ga = tm.bv_u64(64, g + 8);
        let null = tm.bv_u64(64, 0);
        let t = tm.ite(c, ga, null);
        let ts = targets(&mut tm, &objs, t);
        assert_eq!(ts.len(), 2);
        assert_eq!(ts[0], (c, Target::At(Base::Global(3), Some(8))));
        assert_eq!(ts[1].1, Target::Null);
        let k = tm.bv_u64(64, 16);
        let q = tm.bvadd(p, k);
        assert_eq!(targets(&mut tm, &objs, q)[0].1, Target::At(Base::Term(p), Some(16)));
        let i = tm.var("i", Sort::BitVec(32));
        let ie = tm.sign_extend(i, 32);
        let r = tm.bvadd(ie, p);
        assert_eq!(targets(&mut tm, &objs, r)[0].1, Target::At(Base::Term(p), None));
    }
}
