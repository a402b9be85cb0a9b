//! Candidate loop invariants saying that every allocated heap object hangs off a root: the
//! facts a loop that frees a list node by node needs for "no leak when it ends", for a list of
//! any length up to the slots of its allocation site (no test per length needed, unlike the
//! shape disjunctions of [`super::shapes`]).
//!
//! `while (head) { q = head->next; free(head); head = q; }` ends with `head == 0`; that nothing
//! is then allocated follows from an *ordered predecessor* invariant: every allocated object
//! other than the one `head` names is named by a pointer cell of an allocated object of a
//! higher index (of a lower one, for a list whose links point to later slots). At `head == 0`
//! the highest (lowest) allocated object would have no predecessor, so none is allocated; and
//! a chain of predecessors, each of a higher index, ends at the root, so every allocated object
//! is reachable from it (the check of [`crate::flatten::reach`] at loop heads). The order is
//! what excludes a cycle of allocated objects that no root reaches.
//!
//! The families, over the heap objects `k` of [`crate::flatten::reach::HeapGraph`] (in their
//! order; `start_k` the encoding of an object's first byte, `alive_k` its liveness register):
//! * *predecessor*, per root register `r` (a pointer register among the header's, not a cell
//!   of a heap object), direction and object `k`:
//!   `alive_k ⇒ r == start_k ∨ ⋁_{j > k (j < k)} ⋁_{c ∈ cells_j} (alive_j ∧ c == start_k)`;
//! * *prefix*, per pair of consecutive slots `k`, `k+1` of one allocation site:
//!   `alive_{k+1} ⇒ alive_k` (an allocation takes the first free slot, so a site's slots fill
//!   from the bottom while nothing is freed; that makes the new node's index the highest, and
//!   the predecessor candidate inductive for a list built by prepending);
//! * *root unshared*, per root `r`: `r == 0 ∨ ⋀_{j, c ∈ cells_j} (alive_j ⇒ c ≠ r)` (no node
//!   links to the list's head: freeing it leaves no other pointer dangling, and its own `next`
//!   is not itself);
//! * *cells unshared*, per pointer cell `c` of object `j`: `alive_j ∧ c ≠ 0 ⇒ c ≠ c'` for every
//!   later pointer cell `c'` of an allocated object (no two links name one node, so the node
//!   after a freed head has no other predecessor and becomes the unshared root).
//!
//! Invariant: guesses only. A candidate is proposed only when every forest state at the header
//! satisfies it; the Houdini check of [`super`] keeps those inductive and drops the rest, so
//! none is ever assumed. Nothing is proposed when the program has no slot object.

use vigil_bv::TermId;

use crate::engine::Ctx;
use crate::flatten::reach::HeapNode;

/// Which way the links of a list go, by object index: a predecessor has a higher index
/// (`Down`: a list built by prepending to the first free slot) or a lower one (`Up`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dir {
    Down,
    Up,
}

impl Dir {
    /// Whether object `j` may be a predecessor of object `k` in this direction.
    fn before(self, j: usize, k: usize) -> bool {
        match self {
            Dir::Down => j > k,
            Dir::Up => j < k,
        }
    }
}

/// The start of heap object `n` as a pointer encoding.
fn start(n: &HeapNode) -> u64 {
    n.hi << 32
}

/// The 64-bit pointer cells of heap object `n`.
fn links(cx: &Ctx, n: &HeapNode) -> Vec<u32> {
    n.ptr_cells.iter().copied().filter(|&c| cx.flat.width(c) == 64).collect()
}

/// Whether, in `vals`, object `k` is free, or named by `root`, or by a pointer cell of an
/// allocated object that may precede it in direction `d`.
fn has_predecessor(cx: &Ctx, vals: &[u64], root: u32, d: Dir, k: usize) -> bool {
    let heap = &cx.flat.heap_graph.heap;
    let s = start(&heap[k]);
    vals[heap[k].alive as usize] == 0
        || vals[root as usize] == s
        || heap.iter().enumerate().any(|(j, n)| d.before(j, k) && vals[n.alive as usize] != 0 && links(cx, n).iter().any(|&c| vals[c as usize] == s))
}

fn alive_term(cx: &mut Ctx, alive: u32) -> TermId {
    let one = cx.tm.bv_u64(1, 1);
    cx.tm.eq(cx.canon[alive as usize], one)
}

fn predecessor_term(cx: &mut Ctx, root: u32, d: Dir, k: usize) -> TermId {
    let heap = cx.flat.heap_graph.heap.clone();
    let s = cx.tm.bv_u64(64, start(&heap[k]));
    let mut named = cx.tm.eq(cx.canon[root as usize], s);
    for (j, n) in heap.iter().enumerate() {
        if !d.before(j, k) {
            continue;
        }
        let a = alive_term(cx, n.alive);
        for c in links(cx, n) {
            let at = cx.tm.eq(cx.canon[c as usize], s);
            let via = cx.tm.and(a, at);
            named = cx.tm.or(named, via);
        }
    }
    let ak = alive_term(cx, heap[k].alive);
    cx.tm.implies(ak, named)
}

/// The (object, cell) pairs of every 64-bit pointer cell of a heap object.
fn all_links(cx: &Ctx) -> Vec<(u32, u32)> {
    cx.flat.heap_graph.heap.iter().flat_map(|n| links(cx, n).into_iter().map(move |c| (n.alive, c))).collect()
}

/// The candidates at a header: `regs` are the registers there, `fstates` the forest states.
pub fn candidates(cx: &mut Ctx, regs: &[u32], fstates: &[usize]) -> Vec<TermId> {
    let heap = cx.flat.heap_graph.heap.clone();
    if !heap.iter().any(|n| n.slot()) || fstates.is_empty() {
        return Vec::new();
    }
    let all_hold = |cx: &Ctx, f: &dyn Fn(&[u64]) -> bool| fstates.iter().all(|&s| f(&cx.states[s].vals));
    let heap_cells: std::collections::HashSet<u32> = heap.iter().flat_map(|n| n.cells.iter().copied()).collect();
    let roots: Vec<u32> = regs.iter().copied().filter(|&r| cx.flat.regs[r as usize].ptr && cx.flat.width(r) == 64 && !heap_cells.contains(&r)).collect();
    let linked = all_links(cx);
    let mut out = Vec::new();
    for &r in &roots {
        for d in [Dir::Down, Dir::Up] {
            for k in 0..heap.len() {
                if all_hold(cx, &|v| has_predecessor(cx, v, r, d, k)) {
                    out.push(predecessor_term(cx, r, d, k));
                }
            }
        }
        let unshared = |v: &[u64]| v[r as usize] == 0 || linked.iter().all(|&(a, c)| v[a as usize] == 0 || v[c as usize] != v[r as usize]);
        if all_hold(cx, &unshared) {
            let zero = cx.tm.bv_u64(64, 0);
            let mut t = cx.tm.tt();
            for &(a, c) in &linked {
                let at = alive_term(cx, a);
                let same = cx.tm.eq(cx.canon[c as usize], cx.canon[r as usize]);
                let differs = cx.tm.not(same);
                let f = cx.tm.implies(at, differs);
                t = cx.tm.and(t, f);
            }
            let null = cx.tm.eq(cx.canon[r as usize], zero);
            out.push(cx.tm.or(null, t));
        }
    }
    for w in heap.windows(2) {
        if w[0].site.is_some() && w[0].site == w[1].site && all_hold(cx, &|v| v[w[1].alive as usize] == 0 || v[w[0].alive as usize] != 0) {
            let (lower, upper) = (alive_term(cx, w[0].alive), alive_term(cx, w[1].alive));
            out.push(cx.tm.implies(upper, lower));
        }
    }
    for (i, &(a, c)) in linked.iter().enumerate() {
        let later = &linked[i + 1..];
        if later.is_empty() {
            continue;
        }
        let distinct = |v: &[u64]| v[a as usize] == 0 || v[c as usize] == 0 || later.iter().all(|&(a2, c2)| v[a2 as usize] == 0 || v[c2 as usize] != v[c as usize]);
        if !all_hold(cx, &distinct) {
            continue;
        }
        let zero = cx.tm.bv_u64(64, 0);
        let mut t = cx.tm.tt();
        for &(a2, c2) in later {
            let at = alive_term(cx, a2);
            let same = cx.tm.eq(cx.canon[c2 as usize], cx.canon[c as usize]);
            let differs = cx.tm.not(same);
            let f = cx.tm.implies(at, differs);
            t = cx.tm.and(t, f);
        }
        let at = alive_term(cx, a);
        let null = cx.tm.eq(cx.canon[c as usize], zero);
        let nonnull = cx.tm.not(null);
        let pre = cx.tm.and(at, nonnull);
        out.push(cx.tm.implies(pre, t));
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

    /// Registers: 0 `head`, 1–3 the liveness of slots 0–2, 4–6 their `next` cells. b0 builds
    /// the list slot 2 → slot 1 → slot 0 (as prepending to the first free slot does) with
    /// `head` naming slot 2; b1 returns.
    fn sample() -> Flat {
        let reg = |name: &str, width: u32, ptr: bool, cell: bool| RegInfo { name: name.into(), width, cell, ptr };
        let mut regs = vec![reg("head", 64, true, false)];
        regs.extend((0..3).map(|k| reg(&format!("a{k}"), 1, false, false)));
        regs.extend((0..3).map(|k| reg(&format!("next{k}"), 64, true, true)));
        let k = |bits: u64, width: u32| Opnd::Const { bits, width };
        let mut insts: Vec<FInst> = (1..4).map(|a| FInst::Copy { dst: a, v: k(1, 1) }).collect();
        insts.push(FInst::Copy { dst: 4, v: k(0, 64) });
        insts.push(FInst::Copy { dst: 5, v: k(1 << 32, 64) });
        insts.push(FInst::Copy { dst: 6, v: k(2 << 32, 64) });
        insts.push(FInst::Copy { dst: 0, v: k(3 << 32, 64) });
        let node = |k: u32| HeapNode { alive: 1 + k, hi: u64::from(k) + 1, ptr_cells: vec![4 + k], cells: vec![4 + k], site: Some(0), mentions: Vec::new() };
        super::super::two_block_flat(regs, insts, (0..3).map(node).collect())
    }

    #[test]
    fn a_list_linked_downwards_gets_the_down_predecessors_and_a_null_head_then_means_nothing_allocated() {
        let flat = sample();
        let opts = Options::default();
        let mut cx = Ctx::new(&flat, &opts);
        cx.run_test(&[]);
        let at1: Vec<usize> = (0..cx.states.len()).filter(|&s| cx.states[s].loc == 1).collect();
        assert_eq!(at1.len(), 1);
        let c = candidates(&mut cx, &[0], &at1);
        let shown: Vec<String> = c.iter().map(|&t| cx.show(t)).collect();
        // Down predecessors of slots 0, 1, 2; Up ones only for slot 2 (named by head) and
        // none for slots 0 and 1 (their predecessors are higher); head unshared; the two
        // prefix facts; the three cells pairwise distinct (two candidates: the last cell has
        // no later one).
        assert_eq!(c.len(), 3 + 1 + 1 + 2 + 2, "{shown:#?}");
        assert!(c.iter().all(|&t| cx.holds(t, &cx.states[at1[0]].vals.clone())));
        // With head null, no slot can be allocated: the highest one would lack a predecessor.
        let zero = cx.tm.bv_u64(64, 0);
        let null = cx.tm.eq(cx.canon[0], zero);
        for a in 1..4 {
            let one = cx.tm.bv_u64(1, 1);
            let alive = cx.tm.eq(cx.canon[a], one);
            let mut q = c.clone();
            q.extend([null, alive]);
            assert_eq!(cx.sat(&q), Sat::No, "slot {} allocated with a null head", a - 1);
        }
        // Without the predecessor candidates (the first four, in the order they are made), the
        // rest allows allocated slots with a null head (a cycle slot 0 ⇄ slot 1 nobody reaches).
        let mut q = c[4..].to_vec();
        q.push(null);
        let one = cx.tm.bv_u64(1, 1);
        let alive0 = cx.tm.eq(cx.canon[1], one);
        q.push(alive0);
        assert_eq!(cx.sat(&q), Sat::Yes);
    }
}
