//! Candidate loop invariants tying the number of allocated slots of an allocation site to a
//! loop counter: `Σ_k alive_k == r + c` over the slots `k` of one site, for an integer register
//! `r` of the header and a constant `c`.
//!
//! A loop that allocates a node per iteration (`for (i = 0; i < n; i++) p = malloc(..)`) with
//! `n` bounded by fewer than the site's slots never reaches the slot cut only because `i` nodes
//! are allocated when `i < n`: the allocation finds a free slot. The shape disjunctions of
//! [`super::shapes`] pair a counter with the shapes a test showed, so they give this for the
//! lengths some test built and no other; the sum gives it for every length at once.
//!
//! Invariant: guesses only. The candidate is proposed when every forest state at the header
//! satisfies it with one constant `c` and `r` takes at least two values there (one value says
//! nothing a shape disjunction does not); the Houdini check of [`super`] keeps it only when
//! inductive. Sums are taken in `r`'s width, which must hold the site's slot count.

use std::collections::BTreeMap;

use vigil_bv::TermId;

use crate::engine::Ctx;

/// The candidates at a header: `regs` are the registers there, `fstates` the forest states.
pub fn candidates(cx: &mut Ctx, regs: &[u32], fstates: &[usize]) -> Vec<TermId> {
    let mut sites: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for n in &cx.flat.heap_graph.heap {
        if let Some(s) = n.site {
            sites.entry(s).or_default().push(n.alive);
        }
    }
    if sites.is_empty() || fstates.is_empty() {
        return Vec::new();
    }
    let heap_cells: std::collections::HashSet<u32> = cx.flat.heap_graph.heap.iter().flat_map(|n| n.cells.iter().copied()).collect();
    let counters: Vec<u32> = regs.iter().copied().filter(|&r| !cx.flat.regs[r as usize].ptr && !heap_cells.contains(&r) && cx.flat.width(r) >= 8).collect();
    let mut out = Vec::new();
    for alive in sites.values() {
        for &r in &counters {
            let w = cx.flat.width(r);
            let mask = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
            if alive.len() as u64 >= mask {
                continue;
            }
            // c = Σ alive − r (mod 2^w), the same in every state.
            let offset = |s: usize| {
                let vals = &cx.states[s].vals;
                let sum = alive.iter().filter(|&&a| vals[a as usize] != 0).count() as u64;
                sum.wrapping_sub(vals[r as usize]) & mask
            };
            let c = offset(fstates[0]);
            let first = cx.states[fstates[0]].vals[r as usize];
            if !fstates.iter().all(|&s| offset(s) == c) || fstates.iter().all(|&s| cx.states[s].vals[r as usize] == first) {
                continue;
            }
            let mut sum = cx.tm.bv_u64(w, 0);
            for &a in alive {
                let bit = cx.canon[a as usize];
                let one = cx.tm.zero_extend(bit, w - 1);
                sum = cx.tm.bvadd(sum, one);
            }
            let k = cx.tm.bv_u64(w, c);
            let rc = cx.tm.bvadd(cx.canon[r as usize], k);
            out.push(cx.tm.eq(sum, rc));
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
    use vigil_ir::ICmpPred;

    /// Registers: 0 `i` (an input), 1–2 the liveness of the two slots of one site; b0 makes
    /// slot k allocated when `i > k` (i nodes allocated); b1 returns.
    fn sample() -> Flat {
        let reg = |name: &str, width: u32| RegInfo { name: name.into(), width, cell: false, ptr: false };
        let regs = vec![reg("i", 32), reg("a0", 1), reg("a1", 1)];
        let mut insts = vec![FInst::Nondet { dst: 0, func: "__VERIFIER_nondet_int".into() }];
        for k in 0..2u32 {
            insts.push(FInst::ICmp { dst: 1 + k, pred: ICmpPred::Ugt, w: 32, a: Opnd::Reg(0), b: Opnd::Const { bits: u64::from(k), width: 32 } });
        }
        let node = |k: u32| HeapNode { alive: 1 + k, hi: u64::from(k) + 1, ptr_cells: Vec::new(), cells: Vec::new(), site: Some(0), mentions: Vec::new() };
        super::super::two_block_flat(regs, insts, (0..2).map(node).collect())
    }

    fn states_at_1(cx: &Ctx) -> Vec<usize> {
        (0..cx.states.len()).filter(|&s| cx.states[s].loc == 1).collect()
    }

    #[test]
    fn the_count_of_allocated_slots_is_tied_to_a_counter_the_tests_show_it_for() {
        let flat = sample();
        let opts = Options::default();
        let mut cx = Ctx::new(&flat, &opts);
        cx.run_test(&[1]);
        // One value of i says nothing: no candidate.
        let at1 = states_at_1(&cx);
        assert!(candidates(&mut cx, &[0], &at1).is_empty());
        cx.run_test(&[2]);
        let at1 = states_at_1(&cx);
        let c = candidates(&mut cx, &[0], &at1);
        assert_eq!(c.len(), 1, "{:?}", c.iter().map(|&t| cx.show(t)).collect::<Vec<_>>());
        // a0 + a1 == i: i == 3 is impossible with two slots, and i == 1 means one allocated.
        let three = cx.tm.bv_u64(32, 3);
        let i3 = cx.tm.eq(cx.canon[0], three);
        assert_eq!(cx.sat(&[c[0], i3]), Sat::No);
        // A test with i == 5 (both slots allocated) breaks the relation: nothing proposed.
        cx.run_test(&[5]);
        let at1 = states_at_1(&cx);
        assert!(candidates(&mut cx, &[0], &at1).is_empty());
    }
}
