//! The segments of the flat CFG between cut points, for the Houdini check of [`super`]
//! (Flanagan and Leino, "Houdini, an annotation assistant for ESC/Java", FME 2001), and the
//! registers a loop keeps across iterations.
//!
//! The cut points are block 0 and every loop header; in a reducible CFG they cut every cycle,
//! so the blocks between one cut point and the next form acyclic segments. A segment path from
//! cut point `c` to cut point `t` is executed symbolically in [`Mode::Abstract`] (undefined
//! values free, inputs free), so it over-approximates every VM run from `c` to its next cut
//! point `t`. Every reachable visit of a cut point other than the first of block 0 follows
//! one such segment from the previous cut point visited.
//!
//! Each segment lists the large-array reads whose value is its start state's cell (every
//! read of an array before the first step that may write it), for the instances of the
//! ghost candidates ([`super`]).
//!
//! Invariants: only paths that end at one of the wanted targets are returned; a cycle that
//! passes no cut point (irreducible flow) gives no segments at all (None), as does more than
//! [`MAX_PATHS`] paths (the enumeration is bounded, not the number of blocks).

use std::collections::HashSet;

use vigil_bv::TermId;

use crate::engine::Ctx;
use crate::flatten::{FInst, Flat, Opnd};
use crate::symbolic::{sym_step, Mode, Target};

/// Paths (complete or not) enumerated for one set of segments.
pub const MAX_PATHS: usize = 512;

/// A path from cut point `from` to cut point `to`: its condition and post-state over the
/// canonical variables at `from` (and free inputs).
#[derive(Clone, Debug)]
pub struct Segment {
    pub from: u32,
    pub to: u32,
    pub guard: TermId,
    pub post: Vec<TermId>,
    /// The large-array reads of the segment whose value is the start state's cell: those of
    /// its steps before the first step that may write the array ([`step_writes`]).
    pub start_reads: Vec<crate::symbolic::ArrayRead>,
}

/// Registers read and written by the blocks `body` (instructions and edge assignments), and
/// the φs of `header` (registers assigned on edges into it from the body).
struct Access {
    read: HashSet<u32>,
    written: HashSet<u32>,
    phis: HashSet<u32>,
}

fn access(flat: &Flat, header: u32, body: &[u32]) -> Access {
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
                FInst::Call { dst, args, globals, .. } => {
                    for x in args {
                        rd(x, &mut a.read);
                    }
                    a.read.extend(globals.iter().copied());
                    a.written.extend(*dst);
                    a.written.extend(globals.iter().copied());
                }
                // The shadow cells are the tests' alone ([`crate::flatten::arrays`]).
                FInst::ArrayRead { dst, off, .. } => {
                    rd(off, &mut a.read);
                    a.written.insert(*dst);
                }
                FInst::ArrayWrite { off, v, .. } => {
                    rd(off, &mut a.read);
                    rd(v, &mut a.read);
                }
                FInst::ArrayFill { .. } | FInst::ShadowFill { .. } | FInst::Error { .. } | FInst::Exit => {}
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

/// The registers the blocks `body` write (instructions and edge assignments; a `select`
/// keeping its destination on one side writes it too).
pub fn written(flat: &Flat, body: &[u32]) -> HashSet<u32> {
    access(flat, u32::MAX, body).written
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

/// Every segment path that ends at a cut point in `targets`, from every cut point of `cuts`
/// (which must contain block 0 and every loop header). Only blocks from which a target can be
/// reached without passing a cut point are explored. None on irreducible flow or when more
/// than [`MAX_PATHS`] paths would be needed.
pub fn segments(cx: &mut Ctx, cuts: &HashSet<u32>, targets: &HashSet<u32>) -> Option<Vec<Segment>> {
    let flat = cx.flat;
    let n = flat.blocks.len();
    // Blocks that reach a target through non-cut blocks (backwards from the targets).
    let preds = flat.predecessors();
    let mut useful = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    for &t in targets {
        for &p in &preds[t as usize] {
            stack.push(p);
        }
    }
    while let Some(b) = stack.pop() {
        if useful[b as usize] {
            continue;
        }
        useful[b as usize] = true;
        if !cuts.contains(&b) {
            stack.extend(preds[b as usize].iter().copied());
        }
    }
    let mut sources: Vec<u32> = cuts.iter().copied().filter(|&c| useful[c as usize]).collect();
    sources.sort_unstable();
    let mut out = Vec::new();
    let mut explored = 0usize;
    for c in sources {
        let tt = cx.tm.tt();
        // (block, state, guard, blocks on this path, reads of the start state's cells, the
        // arrays the path may have written: None for all)
        type Work = (u32, Vec<TermId>, TermId, Vec<u32>, Vec<crate::symbolic::ArrayRead>, Option<Vec<u32>>);
        let mut work: Vec<Work> = vec![(c, cx.canon.clone(), tt, vec![c], Vec::new(), Some(Vec::new()))];
        while let Some((b, st, g, seen, first, dirty)) = work.pop() {
            explored += 1;
            if explored > MAX_PATHS {
                return None;
            }
            let mut ins = Vec::new();
            let mut fresh = Vec::new();
            let exits = sym_step(&mut cx.tm, flat, b, &st, Mode::Abstract, &mut ins, &mut fresh);
            let writes = step_writes(flat, b);
            let dirty_after = match (&dirty, &writes) {
                (Some(d), Some(w)) => Some(d.iter().chain(w).copied().collect::<Vec<u32>>()),
                _ => None,
            };
            for e in exits {
                let Target::Block(t) = e.target else { continue };
                if !useful[t as usize] && !targets.contains(&t) {
                    continue;
                }
                let ng = cx.tm.and(g, e.guard);
                if cx.tm.bool_value(ng) == Some(false) {
                    continue;
                }
                let mut reads = first.clone();
                if let Some(d) = &dirty {
                    reads.extend(e.array_reads.iter().filter(|r| !d.contains(&r.array)).cloned());
                }
                if cuts.contains(&t) {
                    if targets.contains(&t) {
                        out.push(Segment { from: c, to: t, guard: ng, post: e.post, start_reads: reads });
                    }
                } else if seen.contains(&t) {
                    return None;
                } else {
                    let mut s2 = seen.clone();
                    s2.push(t);
                    work.push((t, e.post, ng, s2, reads, dirty_after.clone()));
                }
            }
        }
    }
    Some(out)
}

/// The large arrays a step from block `b` may write or fill (its tree of blocks,
/// [`crate::locations::tree`]); None when it calls a procedure (any of them).
pub fn step_writes(flat: &Flat, b: u32) -> Option<Vec<u32>> {
    let mut out = Vec::new();
    for t in crate::locations::tree(flat, b as usize) {
        for i in &flat.blocks[t].insts {
            match i {
                FInst::ArrayWrite { array, .. } | FInst::ArrayFill { array } | FInst::ShadowFill { array, .. } => out.push(*array),
                FInst::Call { .. } => return None,
                _ => {}
            }
        }
    }
    Some(out)
}
