//! The paths around one loop's body, from its header back to it, for the consecution check of
//! [`super`] (Houdini's "preserved by every step of the loop", Flanagan and Leino, FME 2001), and
//! the registers a loop writes.
//!
//! A path is executed symbolically in [`Mode::Abstract`] (undefined values free), so it
//! over-approximates the VM's steps. An inner loop is not unrolled: where a path reaches the
//! header `h` of a loop nested in the body, every register the inner loop writes is replaced by
//! a fresh variable (havoc) constrained by the invariant already proven at `h` (`inv(h)`, true
//! when none is), and the path goes on from `h` through the inner body to the inner loop's
//! exits; a return to `h` ends that path (its states are covered by the havoc). This is sound
//! for the reachable states: a concrete run through the inner loop leaves it from its last
//! visit of `h`, in a state that agrees with the entry state on the registers the inner loop
//! does not write and satisfies `inv(h)` (which holds in every reachable state at `h`).
//!
//! Invariants: a cycle that does not pass through a loop header (irreducible flow) gives no
//! paths at all (None), as does a body with more than [`MAX_BODY_PATHS`] paths.

use std::collections::{HashMap, HashSet};

use vigil_bv::{Sort, TermId};
use vigil_ir::cfg::LoopForest;

use crate::engine::Ctx;
use crate::flatten::{FInst, Flat, Opnd};
use crate::symbolic::{sym_step, Mode, Target};

/// Paths around a loop body considered by consecution.
pub const MAX_BODY_PATHS: usize = 256;

/// Registers read and written by the blocks `body` (instructions and edge assignments), and
/// the φs of `header` (registers assigned on edges into it from the body).
pub struct Access {
    pub read: HashSet<u32>,
    pub written: HashSet<u32>,
    pub phis: HashSet<u32>,
}

pub fn access(flat: &Flat, header: u32, body: &[u32]) -> Access {
    let mut a = Access { read: HashSet::new(), written: HashSet::new(), phis: HashSet::new() };
    let rd = |o: &Opnd, read: &mut HashSet<u32>| {
        if let Opnd::Reg(r) = o {
            read.insert(*r);
        }
    };
    for &b in body {
        let blk = &flat.blocks[b as usize];
        for i in &blk.insts {
            match i {
                FInst::Bin { dst, a: x, b: y, .. } | FInst::ICmp { dst, a: x, b: y, .. } => {
                    rd(x, &mut a.read);
                    rd(y, &mut a.read);
                    a.written.insert(*dst);
                }
                FInst::Select { dst, c, t, f } => {
                    rd(c, &mut a.read);
                    rd(t, &mut a.read);
                    rd(f, &mut a.read);
                    a.written.insert(*dst);
                }
                FInst::Cast { dst, v, .. } | FInst::Copy { dst, v } => {
                    rd(v, &mut a.read);
                    a.written.insert(*dst);
                }
                FInst::Nondet { dst, .. } => {
                    a.written.insert(*dst);
                }
                FInst::Assume { c } | FInst::Check { c, .. } => rd(c, &mut a.read),
                FInst::Call { dst, args, .. } => {
                    for x in args {
                        rd(x, &mut a.read);
                    }
                    a.written.extend(*dst);
                }
                FInst::Error { .. } | FInst::Exit => {}
            }
        }
        for e in blk.term.edges() {
            for (d, v) in &e.assigns {
                rd(v, &mut a.read);
                a.written.insert(*d);
                if e.target == header {
                    a.phis.insert(*d);
                }
            }
        }
    }
    a
}

/// Registers live at the loop header whose values persist across iterations: the header's φs,
/// registers the loop reads but never writes, and memory cells.
pub fn header_regs(flat: &Flat, header: u32, body: &[u32]) -> Vec<u32> {
    let a = access(flat, header, body);
    let mut v: Vec<u32> = (0..flat.regs.len() as u32)
        .filter(|r| {
            a.phis.contains(r)
                || (a.read.contains(r) && !a.written.contains(r))
                || (flat.regs[*r as usize].cell && (a.read.contains(r) || a.written.contains(r)))
        })
        .collect();
    v.sort_unstable();
    v
}

/// Paths through the body of loop `l` from its header back to it: (guard, post-state) over the
/// canonical variables (and fresh variables for havocked registers). `inv` holds the invariants
/// proven at loop headers. None if the body has a cycle through no header or more than
/// [`MAX_BODY_PATHS`] paths.
pub fn body_paths(cx: &mut Ctx, lf: &LoopForest, l: u32, inv: &HashMap<u32, TermId>) -> Option<Vec<(TermId, Vec<TermId>)>> {
    let header = lf.get(l).header;
    let inloop: HashSet<u32> = lf.body(l).iter().copied().collect();
    let mut out = Vec::new();
    let pre = cx.canon.clone();
    let tt = cx.tm.tt();
    // (block, state, guard, blocks on this path, inner headers havocked on this path)
    type Item = (u32, Vec<TermId>, TermId, Vec<u32>, Vec<u32>);
    let mut stack: Vec<Item> = vec![(header, pre, tt, vec![header], Vec::new())];
    while let Some((b, mut st, mut g, seen, mut inner)) = stack.pop() {
        if b != header {
            if let Some(il) = lf.loop_of_header(b).filter(|&il| il != l) {
                // First arrival at an inner loop's header: havoc what the inner loop writes.
                let written = access(cx.flat, b, lf.body(il)).written;
                let mut ws: Vec<u32> = written.into_iter().collect();
                ws.sort_unstable();
                for r in ws {
                    st[r as usize] = cx.tm.var("havoc", Sort::BitVec(cx.flat.width(r)));
                }
                if let Some(&i) = inv.get(&b) {
                    let holds = cx.at_post(i, &st);
                    g = cx.tm.and(g, holds);
                }
                inner.push(b);
            }
        }
        let mut ins = Vec::new();
        let mut fresh = Vec::new();
        let exits = sym_step(&mut cx.tm, cx.flat, b, &st, Mode::Abstract, &mut ins, &mut fresh);
        for e in exits {
            let Target::Block(t) = e.target else { continue };
            if !inloop.contains(&t) {
                continue;
            }
            let ng = cx.tm.and(g, e.guard);
            if cx.tm.bool_value(ng) == Some(false) {
                continue;
            }
            if t == header {
                out.push((ng, e.post));
                if out.len() > MAX_BODY_PATHS {
                    return None;
                }
            } else if inner.contains(&t) {
                continue; // back to a havocked inner header: covered by the havoc
            } else if seen.contains(&t) {
                return None;
            } else {
                let mut s2 = seen.clone();
                s2.push(t);
                stack.push((t, e.post, ng, s2, inner.clone()));
            }
        }
    }
    Some(out)
}
