//! RefineWithGeneralization (Gulavani et al., FSE 2006, §5 and line 35 of Figure 2): a
//! widening-style step that proposes candidate loop invariants when one loop location keeps
//! being split, and keeps the inductive ones (a Houdini-style fixpoint: Flanagan and Leino,
//! "Houdini, an annotation assistant for ESC/Java", FME 2001).
//!
//! Without it SYNERGY diverges on loops whose proof needs an invariant (Figure 9: splitting with
//! `y<0`, `y+x<0`, `y+2x<0`, …). When a location inside a natural loop has been split
//! [`THRESHOLD`] times (and again each time that count doubles), candidate invariants are
//! guessed at the header of every loop of its loop nest (the outermost loop around it and
//! every loop inside that) from the tests' values and the loops' constants ([`candidates`]).
//! Before the first attempt a few extra tests run ([`SAMPLE_INPUTS`]: every input 1, 2, 3 or
//! 10), so that the forest shows loops run more than once or twice; the directed tests choose
//! the inputs that reach new regions, often 0 and 1, and an inner loop's relation to an outer
//! counter (`s == 10*i + j`) cannot be seen at `i == 0` alone. (1 is there too: the directed
//! tests do not always choose it, and a heap-shape candidate, [`shapes`], is a disjunction of
//! the shapes seen, so a list of one node must be seen for the walk after the loop that builds
//! it.) With slot objects, [`closure`], [`reachable`] and [`counts`] add heap candidates that
//! name no shape (pointers null or allocated, every allocated node reachable from a root
//! along links of decreasing or increasing slot index, allocated slots = a counter + c), so a
//! list needs no test per length.
//! With large arrays ([`crate::flatten::arrays`]), [`passed`] adds `i ≤ k ∨ a[k] == v` for the
//! cells named at constant indices and [`ghost`] quantified invariants on the ghost cell; then
//! every loop of the program is checked at once (an invariant after a loop rests on the one
//! that filled the array), and a Houdini segment instantiates the ghost candidates assumed at
//! its start at each array read its steps make before a step that may write that array
//! ([`paths::step_writes`]; sound by the same induction: the read's value is the start
//! state's cell, and the start state satisfies the candidates for every ghost offset). A
//! proven fact that speaks of ghost cells alone (no other register) also holds at the blocks
//! of its loop that every execution enters from the header through blocks that write no large
//! array and no ghost register ([`unchanged_ghosts_after`]): the abstract steps from there
//! instantiate it at their reads too (a loop body whose test of two cells is split into
//! several locations by `&&`).
//! The registers candidates speak of at a header are those the loop keeps across iterations
//! ([`paths::header_regs`]) and, in a program with an allocation site in a loop, every
//! register live there ([`crate::flatten::reach::live_registers`]): a list's head that a walk
//! reads only after the loop, and the state updated in place (a slot's liveness, the written
//! flags of its cells), which an invariant of the loop after it needs from this one.
//! Candidates violated by a forest state at their header are dropped at once; then the solver
//! checks every segment between cut points ([`paths`]: block 0 and the loop headers) that ends
//! at a header of the nest: from the union of the abstractly reachable regions at the segment's
//! start, conjoined with the candidates there when the start is a header of the nest, every
//! candidate at the end must hold. Those that fail are dropped until a fixpoint. What survives
//! holds in every reachable state at its header, by induction over the sequence of cut points an
//! execution visits: the first visit that violated a candidate would follow a segment from a
//! visit that satisfied the start's candidates and lay in a reachable region (the regions
//! over-approximate the reachable states), which the check excludes. Checking a whole nest at
//! once lets an outer invariant rest on an inner one and the inner one on the outer
//! (`s == 10*i` outside, `s == 10*i + j` inside).
//!
//! A proven invariant `C` is then used as a fact, not as a split: its header's regions are
//! restricted to it ([`Ctx::restrict`]: the `¬C` parts are retired, so no abstract edge enters
//! them). Splitting by `C` instead would leave the `¬C` halves for SYNERGY's own refinement to
//! disconnect, one precondition at a time, and those preconditions carry the region history
//! along (`x+2 ≥ K ∧ x+4 < K …`): on a counting loop they grow with every iteration and never
//! end.
//!
//! Invariants: nothing is done on irreducible control flow or when the segments are too many.
//! A solver `unknown` drops every candidate of the target concerned. The union of a head's
//! alive reachable regions stays inductive (the witness's invariant): a segment from a state
//! there ends in a state that satisfies the target's restriction by this check.

pub mod candidates;
pub mod closure;
pub mod counts;
pub mod ghost;
pub mod passed;
pub mod paths;
pub mod reachable;
pub mod shapes;

use std::collections::{HashMap, HashSet};

use vigil_bv::TermId;
use vigil_ir::cfg::{Graph, LoopForest};

use crate::engine::{Ctx, Sat};
use paths::Segment;

/// Forest states at a loop header used to filter candidates (a sample when there are more).
pub const MAX_FILTER_STATES: usize = 1000;

/// Splits at one loop location before the first generalisation attempt.
pub const THRESHOLD: u32 = 2;

/// Inputs of the extra tests run before the first generalisation (every input of a test gets
/// the same value): small loop bounds, so that relations across several iterations show in
/// the forest (module doc).
pub const SAMPLE_INPUTS: [u64; 4] = [1, 2, 3, 10];

/// Inputs given to one sample test (a test reading more gets zeros, as every test does).
pub const SAMPLE_INPUT_COUNT: usize = 64;

pub struct Generalizer {
    loops: Option<LoopForest>,
    sampled: bool,
    /// Per outermost loop: split count at the last attempt.
    attempted: HashMap<u32, u32>,
}

impl Generalizer {
    pub fn new(flat: &crate::flatten::Flat) -> Generalizer {
        let n = flat.blocks.len();
        let mut edges = Vec::new();
        for (i, b) in flat.blocks.iter().enumerate() {
            for e in b.term.edges() {
                edges.push((i as u32, e.target));
            }
        }
        let loops = Graph::try_new(n, 0, edges).ok().map(|g| LoopForest::compute(&g)).filter(|lf| lf.is_reducible());
        Generalizer { loops, sampled: false, attempted: HashMap::new() }
    }

    /// Called after a split at location `loc`: tries the loop nest around it when the splits
    /// there reached [`THRESHOLD`], and again each time their count doubles.
    pub fn after_split(&mut self, cx: &mut Ctx, loc: usize) {
        self.attempt(cx, loc, false);
    }

    /// Called when refinement is stuck at `loc` (its precondition is inexact: an input read in
    /// the step was quantified away, and the weaker precondition does not exclude the
    /// concrete state): tries the loop nest around it now, whatever the split count, unless
    /// it was already tried with the splits there are now. True if some header's regions were
    /// restricted, i.e. refinement can go on.
    pub fn when_stuck(&mut self, cx: &mut Ctx, loc: usize) -> bool {
        self.attempt(cx, loc, true)
    }

    fn attempt(&mut self, cx: &mut Ctx, loc: usize, stuck: bool) -> bool {
        let Some(lf) = self.loops.take() else { return false };
        let count = cx.splits_at[loc];
        let mut restricted = false;
        if let Some(mut root) = lf.innermost_loop(loc as u32) {
            while let Some(p) = lf.get(root).parent {
                root = p;
            }
            let last = self.attempted.get(&root).copied();
            let due = match last {
                None => stuck || count >= THRESHOLD,
                Some(last) if stuck => count > last,
                Some(last) => count >= THRESHOLD && (last == 0 || count >= 2 * last),
            };
            if due {
                self.attempted.insert(root, count);
                if !self.sampled {
                    // More of the tests' values for the candidates (module doc).
                    self.sampled = true;
                    for v in SAMPLE_INPUTS {
                        if cx.out_of_time() {
                            break;
                        }
                        cx.run_test(&[v; SAMPLE_INPUT_COUNT]);
                    }
                }
                if try_nest(cx, &lf, root) {
                    cx.stats.generalizations += 1;
                    restricted = true;
                }
            }
        }
        self.loops = Some(lf);
        restricted
    }
}

/// Attempts generalisation for the loop nest rooted at `root`; true if some header's regions
/// were restricted.
fn try_nest(cx: &mut Ctx, lf: &LoopForest, root: u32) -> bool {
    // With a large array's ghost cell, every loop at once: a quantified invariant after one
    // loop rests on the one proven at the loop that filled the array ([`ghost`]).
    let ghosts = cx.flat.arrays.iter().any(|a| a.early) || (cx.long_tests && !cx.flat.arrays.is_empty());
    let nest: Vec<u32> = if ghosts {
        (0..lf.num_loops() as u32).collect()
    } else {
        (root..lf.num_loops() as u32).take_while(|&l| lf.loop_contains(root, l)).collect()
    };
    let outermost = |l: u32| {
        let mut r = l;
        while let Some(p) = lf.get(r).parent {
            r = p;
        }
        r
    };
    let headers: HashSet<u32> = nest.iter().map(|&l| lf.get(l).header).collect();
    let mut cuts: HashSet<u32> = lf.loops().iter().map(|l| l.header).collect();
    cuts.insert(0);
    let segs0 = paths::segments(cx, &cuts, &headers);
    let Some(segs) = segs0 else { return false };
    let mut cands: HashMap<u32, Vec<TermId>> = HashMap::new();
    // Registers live at a header join all the candidates only with slot objects (the lists the
    // module doc speaks of); elsewhere they only cost Houdini solver calls, and those the loop
    // passes by join the affine equalities alone (below).
    let slots = cx.flat.heap_graph.heap.iter().any(|n| n.slot());
    let live = crate::flatten::reach::live_registers(cx.flat);
    for &l in &nest {
        let h = lf.get(l).header;
        let body = lf.body(l).to_vec();
        // The header's own persisting registers, and those of the loops around it in the
        // nest: an outer counter passes through an inner loop unchanged, and the outer
        // invariant needs its bound at the inner head too.
        let mut regs = paths::header_regs(cx.flat, h, &body);
        let mut up = lf.get(l).parent;
        while let Some(p) = up.filter(|p| nest.contains(p)) {
            regs.extend(paths::header_regs(cx.flat, lf.get(p).header, lf.body(p)));
            up = lf.get(p).parent;
        }
        if slots {
            regs.extend(live[h as usize].iter().copied());
        }
        regs.sort_unstable();
        regs.dedup();
        // A ghost cell's registers get the quantified candidates of [`ghost`] only.
        regs.retain(|&r| !cx.flat.is_ghost(r));
        let fstates = header_states(cx, h);
        let steps: Vec<(TermId, Vec<TermId>)> = segs.iter().filter(|s| s.from == h && s.to == h).map(|s| (s.guard, s.post.clone())).collect();
        // The constants of the whole nest's comparisons (an outer loop's bound matters inside).
        // The cells of slot objects (an allocation site in a loop) get the shape candidates
        // instead ([`shapes`]): per cell, the generic guesses are mostly noise (the cells of a
        // slot not allocated are arbitrary) that costs the Houdini check a solver call each.
        let heap_cells: HashSet<u32> = cx.flat.heap_graph.heap.iter().filter(|n| n.slot()).flat_map(|n| n.cells.iter().copied()).collect();
        let plain: Vec<u32> = regs.iter().copied().filter(|r| !heap_cells.contains(r)).collect();
        // Registers the loop passes by (live at its header, written nowhere in it: an input
        // read only after the loop) take part in the affine equalities alone, so that
        // `x + y == n` can be guessed for `while (x > 0) { x--; y++; }` checked against `n`.
        let written = paths::written(cx.flat, &body);
        let passed_by: Vec<u32> = live[h as usize]
            .iter()
            .copied()
            .filter(|&r| {
                !regs.contains(&r) && !written.contains(&r) && !heap_cells.contains(&r) && !cx.flat.is_ghost(r) && !cx.flat.is_shadow(r)
            })
            .collect();
        let mut c = candidates::candidates(cx, &plain, &passed_by, &fstates, lf.body(outermost(l)), &steps);
        c.extend(shapes::candidates(cx, &regs, &fstates));
        c.extend(closure::candidates(cx, &regs, &fstates));
        c.extend(reachable::candidates(cx, &regs, &fstates));
        c.extend(counts::candidates(cx, &regs, &fstates));
        c.extend(passed::candidates(cx, &regs, &fstates));
        c.extend(ghost::candidates(cx, &regs, &fstates));
        if !c.is_empty() {
            cands.insert(h, c);
        }
    }
    if cands.is_empty() {
        return false;
    }
    houdini(cx, &segs, &mut cands);
    let mut any = false;
    let ghosts = ghost_terms(cx);
    let mut hs: Vec<u32> = cands.keys().copied().collect();
    hs.sort_unstable();
    for h in hs {
        let c = &cands[&h];
        if c.is_empty() {
            continue;
        }
        let inv = conj_of(cx, c);
        let c = c.clone();
        cx.add_ghost_facts(h as usize, &c);
        any |= cx.restrict(h as usize, inv);
        // A fact of the ghost cells alone holds on in the loop's body until a step may change
        // a ghost cell: the reads there are instances too.
        let ghost_only: Vec<TermId> = c.iter().copied().filter(|&f| crate::symbolic::free_vars(&cx.tm, f).iter().all(|v| ghosts.contains(v))).collect();
        if !ghost_only.is_empty() {
            for l in unchanged_ghosts_after(cx.flat, lf, h) {
                cx.add_ghost_facts(l as usize, &ghost_only);
            }
        }
    }
    any
}

/// The terms of the ghost cells' registers (index and value of every large array's ghost).
fn ghost_terms(cx: &Ctx) -> HashSet<TermId> {
    cx.flat.arrays.iter().flat_map(|a| [cx.canon[a.ghost.k as usize], cx.canon[a.ghost.g as usize]]).collect()
}

/// The blocks of the loop headed by `header` that every execution enters from the header
/// (this visit's) through blocks that write no large array, no ghost register and call
/// nothing: a fact of the ghost cells alone that holds at the header holds there too. The
/// least fixpoint, so a cycle inside the body that avoids the header (an inner loop) is
/// never in it.
fn unchanged_ghosts_after(flat: &crate::flatten::Flat, lf: &LoopForest, header: u32) -> Vec<u32> {
    let Some(l) = (0..lf.num_loops() as u32).find(|&l| lf.get(l).header == header) else { return Vec::new() };
    let body: HashSet<u32> = lf.body(l).iter().copied().collect();
    let preds = flat.predecessors();
    let keeps = |b: u32| {
        let blk = &flat.blocks[b as usize];
        let insts_keep = blk.insts.iter().all(|i| match i {
            crate::flatten::FInst::ArrayWrite { .. } | crate::flatten::FInst::ArrayFill { .. } | crate::flatten::FInst::ShadowFill { .. } | crate::flatten::FInst::Call { .. } => false,
            other => crate::flatten::arrays::written_reg(other).is_none_or(|r| !flat.is_ghost(r)),
        });
        insts_keep && blk.term.edges().iter().all(|e| e.assigns.iter().all(|(d, _)| !flat.is_ghost(*d)))
    };
    let mut clean: HashSet<u32> = HashSet::new();
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &body {
            if b == header || clean.contains(&b) {
                continue;
            }
            let ps = &preds[b as usize];
            if !ps.is_empty() && ps.iter().all(|&p| (p == header || clean.contains(&p)) && keeps(p)) {
                clean.insert(b);
                changed = true;
            }
        }
    }
    let mut out: Vec<u32> = clean.into_iter().collect();
    out.sort_unstable();
    out
}

/// The forest states at `header` (a sample spread over them, first and last included, when
/// there are more than [`MAX_FILTER_STATES`]: filtering only saves solver work, the solver
/// decides what is kept).
fn header_states(cx: &Ctx, header: u32) -> Vec<usize> {
    let all: Vec<usize> = (0..cx.states.len()).filter(|&s| cx.states[s].loc == header as usize).collect();
    if all.len() <= MAX_FILTER_STATES {
        return all;
    }
    let n = all.len();
    let mut sample: Vec<usize> = (0..MAX_FILTER_STATES).map(|i| all[i * (n - 1) / (MAX_FILTER_STATES - 1)]).collect();
    sample.dedup();
    sample
}

/// The Houdini fixpoint over the candidates per header (module doc).
fn houdini(cx: &mut Ctx, segs: &[Segment], cands: &mut HashMap<u32, Vec<TermId>>) {
    let reach = cx.abstract_reachable();
    // The union of the abstractly reachable regions at each segment start.
    let mut starts: Vec<u32> = segs.iter().map(|s| s.from).collect();
    starts.sort_unstable();
    starts.dedup();
    let mut union: HashMap<u32, TermId> = HashMap::new();
    for c in starts {
        let mut u = cx.tm.ff();
        for r in cx.at[c as usize].clone() {
            if reach.contains(&r) {
                let p = cx.regions[r].pred;
                u = cx.tm.or(u, p);
            }
        }
        union.insert(c, u);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for s in segs {
            let Some(mut target) = cands.remove(&s.to) else { continue };
            if target.is_empty() {
                cands.insert(s.to, target);
                continue;
            }
            let mut pre = vec![union[&s.from], s.guard];
            let start: Vec<TermId> = if s.from == s.to { target.clone() } else { cands.get(&s.from).cloned().unwrap_or_default() };
            pre.push(conj_of(cx, &start));
            if !s.start_reads.is_empty() {
                // The segment's reads of arrays not written since its start see the start
                // state's cells ([`paths::step_writes`]): the candidates
                // assumed there (and the facts proven there) hold at every ghost offset, so
                // at the reads' offsets too (the induction of the module doc).
                let mut facts = start;
                facts.extend(cx.ghost_facts_at(s.from as usize));
                let inst = cx.ghost_instances(&facts, &s.start_reads);
                pre.push(inst);
            }
            let conj = conj_of(cx, &target);
            if drop_violated(cx, &pre, &s.post, &mut target, conj) {
                changed = true;
            }
            cands.insert(s.to, target);
        }
    }
}

fn conj_of(cx: &mut Ctx, cands: &[TermId]) -> TermId {
    let mut c = cx.tm.tt();
    for &x in cands {
        c = cx.tm.and(c, x);
    }
    c
}

/// Asks for a step (from `pre` conjuncts, to `post`) that violates the conjunction `conj` of
/// `cands`; drops the candidates the model violates. True if something was dropped. A solver
/// `unknown` drops everything (nothing is claimed without proof).
fn drop_violated(cx: &mut Ctx, pre: &[TermId], post: &[TermId], cands: &mut Vec<TermId>, conj: TermId) -> bool {
    let after = cx.at_post(conj, post);
    let bad = cx.tm.not(after);
    let mut q = pre.to_vec();
    q.push(bad);
    match cx.sat(&q) {
        Sat::No => false,
        Sat::Unknown => {
            cands.clear();
            true
        }
        Sat::Yes => {
            let before = cands.len();
            let mut keep = Vec::new();
            for &c in cands.iter() {
                let cp = cx.at_post(c, post);
                let ok = matches!(cx.solver.value(&cx.tm, cp), Ok(vigil_bv::Value::Bool(true)));
                if ok {
                    keep.push(c);
                }
            }
            if keep.len() == before {
                // The model violates the conjunction, so some candidate must be false in it;
                // if evaluation disagrees, give up on all of them.
                keep.clear();
            }
            *cands = keep;
            true
        }
    }
}

/// A flat program for the candidates' unit tests: block 0 runs `insts` and goes to block 1,
/// which returns; `heap` are its heap objects.
#[cfg(test)]
pub(crate) fn two_block_flat(regs: Vec<crate::flatten::RegInfo>, insts: Vec<crate::flatten::FInst>, heap: Vec<crate::flatten::reach::HeapNode>) -> crate::flatten::Flat {
    use crate::flatten::{Edge, FBlock, FTerm, Flat};
    use vigil_ir::Loc;
    let n = insts.len();
    let blocks = vec![
        FBlock { name: "b0".into(), func: "main".into(), insts, locs: vec![Loc::UNKNOWN; n], term: FTerm::Br(Edge { target: 1, assigns: Vec::new() }), term_loc: Loc::UNKNOWN },
        FBlock { name: "b1".into(), func: "main".into(), insts: Vec::new(), locs: Vec::new(), term: FTerm::Return, term_loc: Loc::UNKNOWN },
    ];
    let heap_alive = heap.iter().map(|h| h.alive).collect();
    let heap_graph = crate::flatten::reach::HeapGraph { heap, root_cells: Vec::new() };
    Flat { blocks, regs, files: Vec::new(), source_file: "sample.c".into(), check_overflow: false, check_memsafety: false, shl_signedness_known: false, scope_ends: false, heap_objects: heap_graph.heap.len(), heap_alive, heap_graph, procs: Default::default(), cell_names: Vec::new(), absorbed: Vec::new(), arrays: Vec::new() }
}
