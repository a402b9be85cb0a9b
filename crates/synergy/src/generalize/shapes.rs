//! Candidate loop invariants over the heap's *shape*: which heap objects are allocated and
//! where the pointers point, as the concrete tests show it (DASH, Beckman et al., ISSTA 2008,
//! §3: the aliasing a proof considers is the aliasing the tests exhibit; here it is guessed
//! from the tests and then checked, not assumed).
//!
//! A list built by a loop and walked afterwards (`p = malloc(..); p->next = head; head = p;`
//! then `for (p = head; p; p = p->next) ..`) needs invariants no per-register candidate
//! gives: "p is null or the start of an allocated slot", "slot k's `next` is null or slot
//! k−1", and "the `v` of an allocated slot is 1". With slot objects ([`crate::flatten`]'s
//! pointers module) every such fact is over finitely many registers with finitely many
//! values, so the candidates here are disjunctions over the shapes the forest shows:
//! * the *shape* of a state at a header is the conjunction of `alive_k == a_k` for every heap
//!   object `k`, `c == v` for every pointer cell `c` of an allocated object (the cells of an
//!   object not allocated are left free: malloc's bytes are undefined), and `r == v` for every
//!   persisting pointer register `r` of the loop;
//! * candidate `S`: the state's shape is one of those the forest states at the header have;
//! * candidate `S_r` per persisting integer register `r` with few values that is not a cell
//!   of a heap object (those get the data facts below): the pair (shape,
//!   value of `r`) is one the forest shows — ties a list's length to a counter (`i` nodes
//!   allocated) or a sum to the cursor's position;
//! * per cell `c` of a heap object `k` holding an integer: `alive_k ⇒ c == v` when every
//!   state with `k` allocated agrees on `v`, and `alive_k ⇒ lo ≤s c ≤s hi` for their range.
//!
//! Invariant: these are guesses only (true on every forest state at the header by
//! construction); the Houdini check of [`super`] keeps those inductive. Nothing is proposed
//! when the program has no slot object (an allocation site in a loop: without one the shapes
//! are fixed, and pairing them with counters only slowed the refinement, tests/c 686), and no
//! disjunction when the forest shows more than [`MAX_SHAPES`] shapes (a disjunction that large
//! is no longer a useful guess; the data facts and [`super::closure`]'s are still proposed).

use std::collections::BTreeSet;

use vigil_bv::TermId;

use crate::engine::Ctx;
use crate::flatten::sext;

/// Distinct shapes (or shape-value pairs) one disjunctive candidate may list.
pub const MAX_SHAPES: usize = 64;

/// Distinct values of an integer register paired with the shapes.
pub const MAX_PAIRED_VALUES: usize = 16;

/// The shape of the forest state `s` (see the module doc): (register, value) pairs.
fn shape_of(cx: &Ctx, s: usize, ptr_regs: &[u32]) -> Vec<(u32, u64)> {
    let vals = &cx.states[s].vals;
    let mut out = Vec::new();
    for n in &cx.flat.heap_graph.heap {
        let a = vals[n.alive as usize];
        out.push((n.alive, a));
        if a != 0 {
            out.extend(n.ptr_cells.iter().map(|&c| (c, vals[c as usize])));
        }
    }
    out.extend(ptr_regs.iter().map(|&r| (r, vals[r as usize])));
    out
}

fn conj(cx: &mut Ctx, atoms: &[(u32, u64)]) -> TermId {
    let mut c = cx.tm.tt();
    for &(r, v) in atoms {
        let w = cx.flat.width(r);
        let k = cx.tm.bv_u64(w, v);
        let e = cx.tm.eq(cx.canon[r as usize], k);
        c = cx.tm.and(c, e);
    }
    c
}

fn disj(cx: &mut Ctx, cases: &BTreeSet<Vec<(u32, u64)>>) -> TermId {
    let mut d = cx.tm.ff();
    for t in cases {
        let c = conj(cx, t);
        d = cx.tm.or(d, c);
    }
    d
}

/// The heap-shape candidates at a header: `regs` are its persisting registers, `fstates` the
/// forest states there.
pub fn candidates(cx: &mut Ctx, regs: &[u32], fstates: &[usize]) -> Vec<TermId> {
    if !cx.flat.heap_graph.heap.iter().any(|n| n.slot()) || fstates.is_empty() {
        return Vec::new();
    }
    let ptr_regs: Vec<u32> = regs.iter().copied().filter(|&r| cx.flat.regs[r as usize].ptr && !cx.flat.regs[r as usize].cell).collect();
    let shapes: Vec<Vec<(u32, u64)>> = fstates.iter().map(|&s| shape_of(cx, s, &ptr_regs)).collect();
    let distinct: BTreeSet<Vec<(u32, u64)>> = shapes.iter().cloned().collect();
    let few = distinct.len() <= MAX_SHAPES;
    let mut out = Vec::new();
    if few && (distinct.len() > 1 || !distinct.iter().all(|t| t.is_empty())) {
        out.push(disj(cx, &distinct));
    }
    // Shapes paired with each integer register of few values.
    let mut skip: BTreeSet<u32> = distinct.iter().flatten().map(|&(r, _)| r).collect();
    skip.extend(cx.flat.heap_graph.heap.iter().flat_map(|n| n.cells.iter().copied()));
    for &r in regs {
        if !few || cx.flat.regs[r as usize].ptr || skip.contains(&r) {
            continue;
        }
        let values: BTreeSet<u64> = fstates.iter().map(|&s| cx.states[s].vals[r as usize]).collect();
        if values.len() < 2 || values.len() > MAX_PAIRED_VALUES {
            continue;
        }
        let pairs: BTreeSet<Vec<(u32, u64)>> = shapes
            .iter()
            .zip(fstates)
            .map(|(t, &s)| {
                let mut t = t.clone();
                t.push((r, cx.states[s].vals[r as usize]));
                t
            })
            .collect();
        if pairs.len() <= MAX_SHAPES {
            out.push(disj(cx, &pairs));
        }
    }
    // Data facts on allocated objects.
    let nodes: Vec<(u32, Vec<u32>)> = cx.flat.heap_graph.heap.iter().map(|n| (n.alive, n.cells.iter().copied().filter(|c| !n.ptr_cells.contains(c)).collect())).collect();
    for (alive, cells) in nodes {
        let live: Vec<usize> = fstates.iter().copied().filter(|&s| cx.states[s].vals[alive as usize] != 0).collect();
        if live.is_empty() {
            continue;
        }
        let one = cx.tm.bv_u64(1, 1);
        let a = cx.tm.eq(cx.canon[alive as usize], one);
        for c in cells {
            let w = cx.flat.width(c);
            let v = cx.canon[c as usize];
            let vals: BTreeSet<u64> = live.iter().map(|&s| cx.states[s].vals[c as usize]).collect();
            let mut facts = Vec::new();
            if vals.len() == 1 {
                let k = cx.tm.bv_u64(w, vals.first().copied().unwrap_or(0));
                facts.push(cx.tm.eq(v, k));
            } else if w >= 2 {
                let lo = vals.iter().map(|&x| sext(x, w)).min().unwrap_or(0);
                let hi = vals.iter().map(|&x| sext(x, w)).max().unwrap_or(0);
                let (lc, hc) = (cx.tm.bv_u64(w, lo as u64), cx.tm.bv_u64(w, hi as u64));
                facts.push(cx.tm.sge(v, lc));
                facts.push(cx.tm.sle(v, hc));
            }
            for f in facts {
                out.push(cx.tm.implies(a, f));
            }
        }
    }
    out
}
