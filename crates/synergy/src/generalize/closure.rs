//! Candidate loop invariants over the heap that do not name a shape: "this pointer is null or
//! the start of an allocated heap object", for a pointer register of the loop and for each
//! pointer cell of an allocated heap object. They hold of a list of any length whose nodes are
//! all allocated, so unlike the shape disjunctions of [`super::shapes`] (one disjunct per
//! shape a test showed) they do not need a test per length: a list built by a loop of up to
//! as many nodes as the allocation site has slots, walked afterwards, is proved from them with
//! the data facts `alive_k ⇒ cell == v` of [`super::shapes`] (DASH, Beckman et al., ISSTA
//! 2008, §3: the facts the tests show, here guessed from them and checked by Houdini).
//!
//! For a pointer value `x` the candidate is `x == 0 ∨ ⋁_k (x == start_k ∧ alive_k)` over the
//! heap objects `k` (`start_k` the encoding of its first byte, [`crate::flatten`]'s pointers
//! module); for a cell `c` of object `k` it is `alive_k ⇒ that`.
//!
//! Invariant: guesses only; a candidate is proposed only when every forest state at the
//! header satisfies it, and nothing when the program has no slot object (as for the shapes).

use vigil_bv::TermId;

use crate::engine::Ctx;

/// The start of heap object `hi − 1` as a pointer encoding.
fn start(hi: u64) -> u64 {
    hi << 32
}

/// Whether the value `x` is null or the start of an allocated heap object in `vals`.
fn null_or_allocated(cx: &Ctx, vals: &[u64], x: u64) -> bool {
    x == 0 || cx.flat.heap_graph.heap.iter().any(|n| x == start(n.hi) && vals[n.alive as usize] != 0)
}

/// `x == 0 ∨ ⋁_k (x == start_k ∧ alive_k)` over the register `x`.
fn null_or_allocated_term(cx: &mut Ctx, x: u32) -> TermId {
    let v = cx.canon[x as usize];
    let zero = cx.tm.bv_u64(64, 0);
    let mut d = cx.tm.eq(v, zero);
    let one = cx.tm.bv_u64(1, 1);
    let nodes: Vec<(u64, u32)> = cx.flat.heap_graph.heap.iter().map(|n| (n.hi, n.alive)).collect();
    for (hi, alive) in nodes {
        let k = cx.tm.bv_u64(64, start(hi));
        let at = cx.tm.eq(v, k);
        let a = cx.tm.eq(cx.canon[alive as usize], one);
        let both = cx.tm.and(at, a);
        d = cx.tm.or(d, both);
    }
    d
}

/// The candidates at a header: `regs` are the registers there, `fstates` the forest states.
pub fn candidates(cx: &mut Ctx, regs: &[u32], fstates: &[usize]) -> Vec<TermId> {
    if !cx.flat.heap_graph.heap.iter().any(|n| n.slot()) || fstates.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let ptr_regs: Vec<u32> = regs.iter().copied().filter(|&r| cx.flat.regs[r as usize].ptr && !cx.flat.regs[r as usize].cell && cx.flat.width(r) == 64).collect();
    for r in ptr_regs {
        if fstates.iter().all(|&s| null_or_allocated(cx, &cx.states[s].vals, cx.states[s].vals[r as usize])) {
            out.push(null_or_allocated_term(cx, r));
        }
    }
    let cells: Vec<(u32, u32)> = cx.flat.heap_graph.heap.iter().flat_map(|n| n.ptr_cells.iter().map(move |&c| (n.alive, c))).collect();
    for (alive, c) in cells {
        if cx.flat.width(c) != 64 {
            continue;
        }
        let holds = fstates.iter().all(|&s| {
            let vals = &cx.states[s].vals;
            vals[alive as usize] == 0 || null_or_allocated(cx, vals, vals[c as usize])
        });
        if holds {
            let one = cx.tm.bv_u64(1, 1);
            let a = cx.tm.eq(cx.canon[alive as usize], one);
            let t = null_or_allocated_term(cx, c);
            out.push(cx.tm.implies(a, t));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Sat;
    use crate::flatten::reach::HeapNode;
    use crate::flatten::{FInst, Flat, Opnd, RegInfo};
    use crate::Options;

    /// b0 makes slot object 0 allocated, `p` its start and its `next` cell null, and `q` the
    /// start of slot object 1, which is not allocated; b1 returns.
    fn sample() -> Flat {
        let reg = |name: &str, width: u32, ptr: bool, cell: bool| RegInfo { name: name.into(), width, cell, ptr };
        let regs = vec![reg("p", 64, true, false), reg("q", 64, true, false), reg("a0", 1, false, false), reg("a1", 1, false, false), reg("next0", 64, true, true)];
        let k = |bits: u64, width: u32| Opnd::Const { bits, width };
        let insts = vec![
            FInst::Copy { dst: 2, v: k(1, 1) },
            FInst::Copy { dst: 3, v: k(0, 1) },
            FInst::Copy { dst: 0, v: k(1 << 32, 64) },
            FInst::Copy { dst: 1, v: k(2 << 32, 64) },
            FInst::Copy { dst: 4, v: k(0, 64) },
        ];
        let node = |alive: u32, hi: u64, cells: Vec<u32>| HeapNode { alive, hi, ptr_cells: cells.clone(), cells, site: Some(0), mentions: Vec::new() };
        super::super::two_block_flat(regs, insts, vec![node(2, 1, vec![4]), node(3, 2, Vec::new())])
    }

    #[test]
    fn a_pointer_to_an_allocated_object_gets_the_candidate_and_one_to_a_free_slot_does_not() {
        let flat = sample();
        let opts = Options::default();
        let mut cx = Ctx::new(&flat, &opts);
        cx.run_test(&[]);
        let at1: Vec<usize> = (0..cx.states.len()).filter(|&s| cx.states[s].loc == 1).collect();
        assert_eq!(at1.len(), 1);
        let c = candidates(&mut cx, &[0, 1], &at1);
        // p's and next0's candidates; not q's (it names slot 1, not allocated).
        assert_eq!(c.len(), 2, "{:?}", c.iter().map(|&t| cx.show(t)).collect::<Vec<_>>());
        assert!(c.iter().all(|&t| cx.holds(t, &cx.states[at1[0]].vals.clone())));
        // The p candidate excludes p naming the free slot 1.
        let q_slot = cx.tm.bv_u64(64, 2 << 32);
        let p_there = cx.tm.eq(cx.canon[0], q_slot);
        let dead = cx.tm.bv_u64(1, 0);
        let a1_dead = cx.tm.eq(cx.canon[3], dead);
        assert_eq!(cx.sat(&[c[0], p_there, a1_dead]), Sat::No);
    }
}
