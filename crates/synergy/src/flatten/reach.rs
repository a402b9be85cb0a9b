//! Heap objects still reachable where a loop starts again: the check that lets a proof under
//! valid-memsafety cover executions that never end (the leak check where `main` returns does
//! not see them; [`crate::check`]).
//!
//! The VM reports a heap object as lost (`valid-memtrack`) once it is allocated and no longer
//! reachable from the roots: globals, the frames still on the stack (their registers and
//! locals), and through the pointers stored in reachable objects (the depth-first walk of
//! `vigil_vm::canon`). An execution that never ends enters some loop head infinitely often,
//! and an object once lost stays allocated and unreachable; so when every heap object
//! allocated at the entry of every loop head is reachable there, no execution loses an
//! object and then runs forever. [`with_loop_head_checks`] adds that as a check (undefined
//! behaviour when it fails: a limit of the model, never a verdict) at each loop head.
//!
//! Invariant (soundness): the roots used here are a subset of the VM's, so "reachable" here
//! implies reachable in the VM:
//! * a pointer register *strongly live* at the loop head ([`live_registers`]: read later on
//!   some path before it is written, by an instruction whose result is itself needed; the
//!   dangling-pointer update at a `free`, which reads every pointer holder only to rewrite it,
//!   is no such read) holds a value of an SSA register or φ the VM still needs (the VM scrubs
//!   registers dead in the IR), so still holds;
//! * a cell holding pointers of a global, of a local of `main` (alive until `main` returns),
//!   or of another local while its liveness register is set;
//! * a heap object whose address the flattening knows statically (not a slot of an allocation
//!   site in a loop) and that a block reachable from the loop head names statically: the IR
//!   value naming it there derives from the allocation's result through SSA values alone (an
//!   address stored in memory is a pointer register), so one of those values is live at the
//!   loop head;
//! * the pointer cells of an allocated object reached so far (one round per heap object).

use super::*;
use std::collections::HashSet;

/// What the check [`with_loop_head_checks`] adds says when it fails.
pub const UNREACHABLE_AT_LOOP_HEAD: &str =
    "heap memory not reachable from a pointer where a loop starts again (a leak before a loop that never ends would not be caught)";

/// One heap object for the reachability check.
#[derive(Clone, Debug, Default)]
pub struct HeapNode {
    pub alive: u32,
    /// The high word of its encoding (`object + 1`).
    pub hi: u64,
    /// Its cells holding pointers.
    pub ptr_cells: Vec<u32>,
    /// All its cells (pointers and integers).
    pub cells: Vec<u32>,
    /// For a slot of an allocation site in a loop ([`super::pointers`]): its site, the object
    /// index of the site's first slot (the slots of a site are consecutive objects, in the
    /// order an allocation tries them).
    pub site: Option<u32>,
    /// Blocks naming it statically (empty for a slot of an allocation site in a loop).
    pub mentions: Vec<u32>,
}

/// The heap objects and the root cells ([`with_loop_head_checks`]).
#[derive(Clone, Debug, Default)]
pub struct HeapGraph {
    pub heap: Vec<HeapNode>,
    /// Pointer cells of non-heap objects, with the object's liveness register if it has one.
    pub root_cells: Vec<(Option<u32>, u32)>,
}

impl HeapNode {
    /// Whether it is a slot of an allocation site in a loop.
    pub fn slot(&self) -> bool {
        self.site.is_some()
    }
}

impl<'m> Builder<'m> {
    pub(super) fn heap_graph(&self) -> HeapGraph {
        let ptr_cells = |o: &Obj| -> Vec<u32> { o.cells.iter().map(|c| c.2).filter(|r| self.cell_kinds.get(r) == Some(&true)).collect() };
        let mut g = HeapGraph::default();
        for (i, o) in self.objs.iter().enumerate() {
            if o.heap {
                let Some(alive) = o.alive else { continue };
                let mut mentions: Vec<u32> = if self.slots.contains_key(&(i as u32)) {
                    Vec::new()
                } else {
                    self.mentions.iter().filter(|m| m.1 == i as u32).map(|m| m.0).collect()
                };
                mentions.sort_unstable();
                mentions.dedup();
                g.heap.push(HeapNode { alive, hi: i as u64 + 1, ptr_cells: ptr_cells(o), cells: o.cells.iter().map(|c| c.2).collect(), site: self.slots.get(&(i as u32)).copied(), mentions });
            } else {
                g.root_cells.extend(ptr_cells(o).into_iter().map(|c| (o.alive, c)));
            }
        }
        g
    }
}

/// The registers an instruction reads (see the module doc for the `select` that keeps its
/// destination).
fn reads(inst: &FInst, out: &mut Vec<u32>) {
    let mut o = |x: &Opnd| {
        if let Opnd::Reg(r) = x {
            out.push(*r);
        }
    };
    match inst {
        FInst::Bin { a, b, .. } | FInst::ICmp { a, b, .. } => {
            o(a);
            o(b);
        }
        FInst::Select { dst, c, t, f } => {
            o(c);
            o(t);
            if *f != Opnd::Reg(*dst) {
                o(f);
            }
        }
        FInst::Cast { v, .. } | FInst::Copy { v, .. } => o(v),
        FInst::Assume { c } | FInst::Check { c, .. } => o(c),
        FInst::Call { args, globals, .. } => {
            args.iter().for_each(&mut o);
            globals.iter().for_each(|g| o(&Opnd::Reg(*g)));
        }
        FInst::ArrayRead { off, .. } => o(off),
        FInst::ArrayWrite { off, v, .. } => {
            o(off);
            o(v);
        }
        FInst::Nondet { .. } | FInst::ArrayFill { .. } | FInst::ShadowFill { .. } | FInst::Error { .. } | FInst::Exit => {}
    }
}

/// The register an instruction writes (a `select` keeping its destination does not kill it).
fn writes(inst: &FInst) -> Option<u32> {
    match inst {
        FInst::Select { dst, f, .. } if *f == Opnd::Reg(*dst) => None,
        FInst::Bin { dst, .. } | FInst::ICmp { dst, .. } | FInst::Select { dst, .. } | FInst::Cast { dst, .. } | FInst::Copy { dst, .. } | FInst::Nondet { dst, .. } | FInst::ArrayRead { dst, .. } => Some(*dst),
        // (A call also writes its globals, but reads them too: they stay live through it.)
        FInst::Call { dst, .. } => *dst,
        _ => None,
    }
}

/// The pointer registers *strongly* live at the entry of each block ([`live_registers`]).
pub fn live_pointers(flat: &Flat) -> Vec<Vec<u32>> {
    live_registers(flat).into_iter().map(|v| v.into_iter().filter(|&r| flat.regs[r as usize].ptr).collect()).collect()
}

/// The registers *strongly* live at the entry of each block: read, before being
/// written, by an instruction whose own result is strongly live, by a check, an assumption, a
/// call or a branch (a value computed only into dead registers is no read; in particular the
/// dangling-pointer update at a `free`, [`super::pointers`], which reads every pointer holder
/// only to rewrite it, keeps no holder live). The VM scrubs registers dead in the IR; a flat
/// read that counts here is one of an IR use (an access, a comparison, a call, a φ, a
/// branch), so a register live here is live in the VM.
pub fn live_registers(flat: &Flat) -> Vec<Vec<u32>> {
    let n = flat.blocks.len();
    let mut live_in: Vec<HashSet<u32>> = vec![HashSet::new(); n];
    let mut buf = Vec::new();
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..n).rev() {
            let blk = &flat.blocks[b];
            let mut live: HashSet<u32> = HashSet::new();
            for e in blk.term.edges() {
                let target = &live_in[e.target as usize];
                let defined: HashSet<u32> = e.assigns.iter().map(|(d, _)| *d).collect();
                live.extend(target.iter().copied().filter(|r| !defined.contains(r)));
                for (d, v) in &e.assigns {
                    if let (true, Opnd::Reg(r)) = (target.contains(d), v) {
                        live.insert(*r);
                    }
                }
            }
            match &blk.term {
                FTerm::CondBr { c: Opnd::Reg(r), .. } | FTerm::Switch { v: Opnd::Reg(r), .. } => {
                    live.insert(*r);
                }
                _ => {}
            }
            for inst in blk.insts.iter().rev() {
                let needed = match inst {
                    FInst::Check { .. } | FInst::Assume { .. } | FInst::Call { .. } | FInst::ArrayWrite { .. } => true,
                    FInst::Select { dst, .. } => live.contains(dst),
                    other => writes(other).is_some_and(|d| live.contains(&d)),
                };
                if let Some(d) = writes(inst) {
                    live.remove(&d);
                }
                if needed {
                    buf.clear();
                    reads(inst, &mut buf);
                    live.extend(buf.iter().copied());
                }
            }
            if live.len() != live_in[b].len() || !live.iter().all(|r| live_in[b].contains(r)) {
                changed = true;
                live_in[b] = live;
            }
        }
    }
    live_in
        .into_iter()
        .map(|s| {
            let mut v: Vec<u32> = s.into_iter().collect();
            v.sort_unstable();
            v
        })
        .collect()
}

/// The blocks reachable from `from` (itself included).
fn reachable_blocks(flat: &Flat, from: u32) -> Vec<bool> {
    let mut seen = vec![false; flat.blocks.len()];
    let mut stack = vec![from];
    while let Some(b) = stack.pop() {
        if std::mem::replace(&mut seen[b as usize], true) {
            continue;
        }
        stack.extend(flat.blocks[b as usize].term.edges().iter().map(|e| e.target));
    }
    seen
}

/// `flat` with, at the start of each block of `heads`, a check that every allocated heap
/// object is reachable (see the module doc).
pub fn with_loop_head_checks(flat: &Flat, heads: &[u32]) -> Flat {
    let mut out = flat.clone();
    let live = live_pointers(flat);
    let g = &flat.heap_graph;
    for &h in heads {
        let mut code = Vec::new();
        let new_reg = |out: &mut Flat, w: u32| {
            out.regs.push(RegInfo { name: "reach".into(), width: w, cell: false, ptr: false });
            (out.regs.len() - 1) as u32
        };
        let c64 = |bits: u64| Opnd::Const { bits, width: 64 };
        let f1 = Opnd::Const { bits: 0, width: 1 };
        // points[v][k]: the pointer value v names heap object k.
        let points = |out: &mut Flat, code: &mut Vec<FInst>, v: u32, hi: u64| {
            let vh = new_reg(out, 64);
            code.push(FInst::Bin { dst: vh, op: BinOp::LShr, w: 64, a: Opnd::Reg(v), b: c64(32), nsw: false });
            let eq = new_reg(out, 1);
            code.push(FInst::ICmp { dst: eq, pred: ICmpPred::Eq, w: 64, a: Opnd::Reg(vh), b: c64(hi) });
            Opnd::Reg(eq)
        };
        let or = |out: &mut Flat, code: &mut Vec<FInst>, x: Opnd, y: Opnd| {
            let r = new_reg(out, 1);
            code.push(FInst::Bin { dst: r, op: BinOp::Or, w: 1, a: x, b: y, nsw: false });
            Opnd::Reg(r)
        };
        let and = |out: &mut Flat, code: &mut Vec<FInst>, x: Opnd, y: Opnd| {
            let r = new_reg(out, 1);
            code.push(FInst::Bin { dst: r, op: BinOp::And, w: 1, a: x, b: y, nsw: false });
            Opnd::Reg(r)
        };
        let ahead = reachable_blocks(flat, h);
        // Round 0: the roots.
        let mut reach: Vec<Opnd> = Vec::new();
        for node in &g.heap {
            let mut r = if node.mentions.iter().any(|&b| ahead[b as usize]) { Opnd::Const { bits: 1, width: 1 } } else { f1 };
            for &v in &live[h as usize] {
                let p = points(&mut out, &mut code, v, node.hi);
                r = or(&mut out, &mut code, r, p);
            }
            for &(guard, cell) in &g.root_cells {
                let mut p = points(&mut out, &mut code, cell, node.hi);
                if let Some(a) = guard {
                    p = and(&mut out, &mut code, p, Opnd::Reg(a));
                }
                r = or(&mut out, &mut code, r, p);
            }
            reach.push(r);
        }
        // One round per object: through the pointer cells of reached, allocated objects.
        for _ in 0..g.heap.len() {
            let mut next = reach.clone();
            for (k, node) in g.heap.iter().enumerate() {
                for (q, from) in g.heap.iter().enumerate() {
                    if from.ptr_cells.is_empty() {
                        continue;
                    }
                    let src = and(&mut out, &mut code, reach[q], Opnd::Reg(from.alive));
                    for &cell in &from.ptr_cells {
                        let p = points(&mut out, &mut code, cell, node.hi);
                        let via = and(&mut out, &mut code, src, p);
                        next[k] = or(&mut out, &mut code, next[k], via);
                    }
                }
            }
            reach = next;
        }
        for (k, node) in g.heap.iter().enumerate() {
            let dead = new_reg(&mut out, 1);
            code.push(FInst::Bin { dst: dead, op: BinOp::Xor, w: 1, a: Opnd::Reg(node.alive), b: Opnd::Const { bits: 1, width: 1 }, nsw: false });
            let ok = or(&mut out, &mut code, Opnd::Reg(dead), reach[k]);
            code.push(FInst::Check { c: ok, what: UNREACHABLE_AT_LOOP_HEAD, kind: CheckKind::Ub });
        }
        let blk = &mut out.blocks[h as usize];
        let loc = blk.locs.first().copied().unwrap_or(blk.term_loc);
        let n = code.len();
        blk.insts.splice(0..0, code);
        blk.locs.splice(0..0, std::iter::repeat(loc).take(n));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reg(name: &str, width: u32, ptr: bool) -> RegInfo {
        RegInfo { name: name.into(), width, cell: false, ptr }
    }

    fn block(name: &str, insts: Vec<FInst>, term: FTerm) -> FBlock {
        let n = insts.len();
        FBlock { name: name.into(), func: "main".into(), insts, locs: vec![Loc::UNKNOWN; n], term, term_loc: Loc::UNKNOWN }
    }

    fn br(target: u32) -> Edge {
        Edge { target, assigns: Vec::new() }
    }

    /// b0 → b1 (head) → b2 → b1 | b3: pointer `q` is read at b2 only to rewrite it (the
    /// dangling update of a `free`), pointer `p` by a check there; `t`, computed into nothing
    /// but a dead register, does not make `r` live; the flag `f` is read by the branch.
    fn sample() -> Flat {
        let regs = vec![reg("p", 64, true), reg("q", 64, true), reg("r", 64, true), reg("t", 64, false), reg("c", 1, false), reg("hit", 1, false), reg("f", 1, false)];
        let k = |bits: u64, width: u32| Opnd::Const { bits, width };
        let b2 = vec![
            FInst::ICmp { dst: 4, pred: ICmpPred::Ne, w: 64, a: Opnd::Reg(0), b: k(0, 64) },
            FInst::Check { c: Opnd::Reg(4), what: "dereference of a null pointer", kind: CheckKind::Memory },
            FInst::ICmp { dst: 5, pred: ICmpPred::Eq, w: 64, a: Opnd::Reg(1), b: Opnd::Reg(0) },
            FInst::Select { dst: 1, c: Opnd::Reg(5), t: k(0xffff_ffff << 32, 64), f: Opnd::Reg(1) },
            FInst::Bin { dst: 3, op: BinOp::Add, w: 64, a: Opnd::Reg(2), b: k(8, 64), nsw: false },
        ];
        let blocks = vec![
            block("b0", vec![], FTerm::Br(br(1))),
            block("b1", vec![], FTerm::CondBr { c: Opnd::Reg(6), t: br(2), f: br(3) }),
            block("b2", b2, FTerm::Br(br(1))),
            block("b3", vec![], FTerm::Return),
        ];
        Flat { blocks, regs, files: Vec::new(), source_file: "sample.c".into(), check_overflow: false, check_memsafety: false, shl_signedness_known: false, scope_ends: false, heap_objects: 0, heap_alive: Vec::new(), heap_graph: Default::default(), procs: Default::default(), cell_names: Vec::new(), absorbed: Vec::new(), arrays: Vec::new() }
    }

    #[test]
    fn a_register_read_only_to_rewrite_it_or_into_dead_values_is_not_live() {
        let flat = sample();
        let live = live_registers(&flat);
        // At the loop head: p (checked), f (branched on); not q (only rewritten), not r (read
        // into the dead t), not t.
        assert_eq!(live[1], vec![0, 6], "{:?}", live[1]);
        assert_eq!(live_pointers(&flat)[1], vec![0]);
        assert_eq!(live[3], Vec::<u32>::new());
    }
}
