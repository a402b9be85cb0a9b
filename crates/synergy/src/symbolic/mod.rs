//! The symbolic meaning of a flat block (IR op → bit-vector term), its weakest precondition, and
//! term utilities (substitution, free variables, printing).
//!
//! One block step is a list of [`SymExit`]s: a guard over the pre-state and the inputs read in the
//! block, a target location and the post-state. It agrees bit for bit with [`crate::exec`] (and so
//! with `vigil_semantics::ops`), which a test checks on random inputs for every operator and several
//! widths. Two modes:
//!
//! * [`Mode::Abstract`] (edges of the abstract program, preconditions): undefined values — `undef`
//!   operands, results of shifts by the width or more, which the VM marks undefined — are fresh
//!   variables, so the relation over-approximates every VM behaviour (sound for `true`).
//! * [`Mode::Concrete`] (test generation along a concrete path): undefined values are what
//!   [`crate::exec`] gives them (0, and the VM's bits for oversized shifts), so a model of the path
//!   condition drives the concrete test down the same path.
//!
//! A read of a large array ([`crate::flatten::arrays`]) at a variable offset is a fresh value
//! in both modes (exact, by case split over the shadow cells, along a test's path when the
//! array is small enough), unless the step read or wrote that offset before (read over
//! write inside the step); the fresh ones are listed in [`SymExit::array_reads`].
//!
//! The precondition `Pre(T)` of one step (Gulavani et al. 2006, §3: `Pre(S) = {s | ∃s'∈S. s→s'}`)
//! quantifies the step's inputs existentially. [`exists`] eliminates them exactly when each
//! group of conjuncts that shares inputs mentions either no input or no state variable (the
//! closed groups are decided by the solver), when a group with one input has a Skolem term
//! among its own comparison bounds (checked by the solver), or when the group's conjuncts over
//! its inputs alone leave few values (a case split, e.g. an input array index after its bounds
//! check); otherwise it drops the mixed group, which over-approximates `Pre` and is reported as
//! inexact.

mod precondition;
mod terms;

pub use precondition::{conjuncts, exists};
pub use terms::{free_vars, show, subst};

use std::collections::{HashMap, HashSet};

use vigil_bv::{Op, Solver, TermId, TermManager};
use vigil_ir::{BinOp, Loc};
use vigil_semantics::symbolic;

use crate::flatten::{mask, FInst, FTerm, Flat, Opnd};

/// Where a symbolic exit goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Block(u32),
    Error(Loc),
    Ub(String, Loc),
    Exit,
}

/// One way a block step can end.
#[derive(Clone, Debug)]
pub struct SymExit {
    pub target: Target,
    pub guard: TermId,
    /// The full post-state (one term per register).
    pub post: Vec<TermId>,
    /// The absorbed blocks the step passed through, in order ([`crate::locations`]; the same
    /// as [`crate::exec::step_path`] records for a concrete step down this exit).
    pub path: Vec<u32>,
    /// The inputs read on the way to this exit, in call order (a subsequence of all the
    /// inputs the step reads: other branches of the tree read others).
    pub reads: Vec<SymInput>,
    /// The reads of large arrays on the way whose value the step knows nothing of, as
    /// (array, offset, fresh value) over the pre-state ([`crate::flatten::arrays`]): the value
    /// is the pre-state's cell at that offset, so a fact proven for every ghost offset of the
    /// array at the step's location holds of it ([`crate::engine::Ctx::rel`]).
    pub array_reads: Vec<ArrayRead>,
}

/// A read of a large array's cell the step knows nothing of (see [`SymExit::array_reads`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArrayRead {
    pub array: u32,
    pub off: TermId,
    pub value: TermId,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Abstract,
    Concrete,
}

/// An input read during a symbolic step: its variable, function and width.
#[derive(Clone, Debug)]
pub struct SymInput {
    pub var: TermId,
    pub func: String,
    pub width: u32,
}

fn opnd(tm: &mut TermManager, st: &[TermId], o: Opnd, mode: Mode, fresh: &mut Vec<TermId>) -> TermId {
    match o {
        Opnd::Reg(r) => st[r as usize],
        Opnd::Const { bits, width } => tm.bv_u64(width, bits),
        Opnd::Undef { width } => match mode {
            Mode::Concrete => tm.bv_u64(width, 0),
            Mode::Abstract => {
                let v = tm.var("undef", vigil_bv::Sort::BitVec(width));
                fresh.push(v);
                v
            }
        },
    }
}

/// The result of `a op b` and the condition under which it is undefined behaviour (a fault of
/// the VM: division by zero, `INT_MIN / -1`, a shift by the width or more), if it can be.
pub fn binop_term(tm: &mut TermManager, op: BinOp, w: u32, a: TermId, b: TermId, mode: Mode, fresh: &mut Vec<TermId>) -> (TermId, Option<TermId>) {
    let zero = tm.bv_u64(w, 0);
    let div_ub = |tm: &mut TermManager, signed: bool| -> TermId {
        let bz = tm.eq(b, zero);
        if signed && w > 1 {
            let min = tm.bv_u64(w, 1u64 << (w - 1));
            let m1 = tm.bv_u64(w, mask(w));
            let am = tm.eq(a, min);
            let bm = tm.eq(b, m1);
            let ov = tm.and(am, bm);
            tm.or(bz, ov)
        } else {
            bz
        }
    };
    let shift = |tm: &mut TermManager, r: TermId, fresh: &mut Vec<TermId>| -> TermId {
        match mode {
            Mode::Concrete => r,
            Mode::Abstract => {
                let wc = tm.bv_u64(w, u64::from(w).min(mask(w)));
                let big = if u64::from(w) > mask(w) { tm.ff() } else { tm.uge(b, wc) };
                if tm.bool_value(big) == Some(false) {
                    return r;
                }
                let u = tm.var("undef.shift", vigil_bv::Sort::BitVec(w));
                fresh.push(u);
                tm.ite(big, u, r)
            }
        }
    };
    let r = vigil_semantics::symbolic::binop(tm, op, a, b);
    match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor => (r, None),
        BinOp::UDiv | BinOp::URem => (r, Some(div_ub(tm, false))),
        BinOp::SDiv | BinOp::SRem => (r, Some(div_ub(tm, true))),
        BinOp::Shl | BinOp::LShr | BinOp::AShr => {
            // C11 6.5.7p3: a shift by the width or more is undefined behaviour
            // (`FaultKind::OversizedShift` in the VM); its value stays a fresh variable.
            let wc = tm.bv_u64(w, u64::from(w).min(mask(w)));
            let big = if u64::from(w) > mask(w) { tm.ff() } else { tm.uge(b, wc) };
            (shift(tm, r, fresh), Some(big))
        }
    }
}

/// Under no-overflow: the condition under which `a op b` overflows as the VM reports it (an
/// `nsw` add, sub or mul whose exact result leaves the signed range; `INT_MIN / -1` for signed
/// division and remainder), and for `shl` the condition the VM treats as inconclusive (a shift
/// that would overflow if its operand were signed; [`vigil_semantics::ops::binop`]).
pub fn overflow_terms(tm: &mut TermManager, op: BinOp, nsw: bool, w: u32, a: TermId, b: TermId) -> (Option<TermId>, Option<TermId>) {
    if w < 2 {
        return (None, None);
    }
    match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul if nsw => {
            let ext = if op == BinOp::Mul { w } else { 1 };
            let (xa, xb) = (tm.sign_extend(a, ext), tm.sign_extend(b, ext));
            let exact = match op {
                BinOp::Add => tm.bvadd(xa, xb),
                BinOp::Sub => tm.bvsub(xa, xb),
                _ => tm.bvmul(xa, xb),
            };
            let low = tm.extract(exact, w - 1, 0);
            let back = tm.sign_extend(low, ext);
            let same = tm.eq(back, exact);
            (Some(tm.not(same)), None)
        }
        BinOp::SDiv | BinOp::SRem => {
            let min = tm.bv_u64(w, 1u64 << (w - 1));
            let m1 = tm.bv_u64(w, mask(w));
            let am = tm.eq(a, min);
            let bm = tm.eq(b, m1);
            (Some(tm.and(am, bm)), None)
        }
        BinOp::Shl => {
            // b < w and (a << b) >>s b != a.
            let wc = tm.bv_u64(w, u64::from(w).min(mask(w)));
            let small = if u64::from(w) > mask(w) { tm.tt() } else { tm.ult(b, wc) };
            let sh = tm.bvshl(a, b);
            let back = tm.bvashr(sh, b);
            let same = tm.eq(back, a);
            let mut lost = tm.not(same);
            if nsw {
                // A negative signed operand is undefined too (C11 6.5.7p4; `ops::binop`).
                let zero = tm.bv_u64(w, 0);
                let negative = tm.slt(a, zero);
                lost = tm.or(lost, negative);
            }
            (None, Some(tm.and(small, lost)))
        }
        _ => (None, None),
    }
}

/// The symbolic step of block `b` from `pre`. Inputs read are appended to `inputs` (in call
/// order); fresh variables standing for undefined values to `fresh`.
pub fn sym_step(
    tm: &mut TermManager,
    flat: &Flat,
    b: u32,
    pre: &[TermId],
    mode: Mode,
    inputs: &mut Vec<SymInput>,
    fresh: &mut Vec<TermId>,
) -> Vec<SymExit> {
    sym_step_calls(tm, flat, b, pre, mode, inputs, fresh).0
}

/// A call of a procedure made by a symbolic step: the procedure and its inputs' terms
/// ([`crate::flatten::procs::Proc::inputs`]).
#[derive(Clone, Debug)]
pub struct StepCall {
    pub proc: u32,
    pub inputs: Vec<TermId>,
}

/// [`sym_step`], and the calls of procedures the step makes on any of its paths.
pub fn sym_step_calls(
    tm: &mut TermManager,
    flat: &Flat,
    b: u32,
    pre: &[TermId],
    mode: Mode,
    inputs: &mut Vec<SymInput>,
    fresh: &mut Vec<TermId>,
) -> (Vec<SymExit>, Vec<StepCall>) {
    let mut exits = Vec::new();
    let tt = tm.tt();
    let mut k = StepCx { tm, flat, mode, inputs, fresh, exits: &mut exits, calls: Vec::new() };
    k.block(b, pre.to_vec(), tt, Vec::new(), Vec::new(), StepMemory::default(), Vec::new());
    let calls = k.calls;
    (exits, calls)
}

/// What one symbolic step carries down the tree of its location.
struct StepCx<'t, 'f, 'o> {
    tm: &'t mut TermManager,
    flat: &'f Flat,
    mode: Mode,
    inputs: &'o mut Vec<SymInput>,
    fresh: &'o mut Vec<TermId>,
    exits: &'o mut Vec<SymExit>,
    calls: Vec<StepCall>,
}

/// What one step knows of the large arrays' cells so far ([`StepCx::block`]).
#[derive(Clone, Debug, Default)]
struct StepMemory {
    /// The cells read or written, as (array, offset, value), oldest first: a later read at an
    /// equal offset sees the latest value (read over write, and two reads of one cell agree),
    /// any other offset a fresh value.
    cells: Vec<(u32, TermId, TermId)>,
    /// The arrays the step filled or havocked: their other cells no longer hold the pre-state's
    /// values, so a fresh read of one is no instance of a fact about the pre-state (it is not
    /// listed in [`SymExit::array_reads`]).
    filled: Vec<u32>,
}

impl StepCx<'_, '_, '_> {
    /// Block `b` from state `st` under path condition `pc`, having read `reads` and passed
    /// through the absorbed blocks `path`; an edge into an absorbed block continues there.
    /// `mem` is what the step knows of large-array cells ([`StepMemory`]); `bases` the reads
    /// of pre-state cells the step knew nothing of ([`SymExit::array_reads`]).
    #[allow(clippy::too_many_arguments)]
    fn block(&mut self, b: u32, st: Vec<TermId>, pc: TermId, reads: Vec<SymInput>, path: Vec<u32>, mem: StepMemory, bases: Vec<ArrayRead>) {
        let StepCx { tm, flat, mode, inputs, fresh, exits, calls } = self;
        let (flat, mode) = (*flat, *mode);
        let blk = &flat.blocks[b as usize];
        let mut st = st;
        let mut pc = pc;
        let mut reads = reads;
        let mut mem = mem;
        let mut bases = bases;
        for (i, inst) in blk.insts.iter().enumerate() {
            let loc = blk.locs[i];
            match inst {
                FInst::Bin { dst, op, w, a, b, nsw } => {
                    let x = opnd(tm, &st, *a, mode, fresh);
                    let y = opnd(tm, &st, *b, mode, fresh);
                    let (r, mut ub) = binop_term(tm, *op, *w, x, y, mode, fresh);
                    if flat.check_overflow && !flat.unsigned_shl(*op, *nsw) {
                        let (ovf, shl_ub) = overflow_terms(tm, *op, *nsw, *w, x, y);
                        if let Some(o) = ovf {
                            let g = tm.and(pc, o);
                            if tm.bool_value(g) != Some(false) {
                                exits.push(SymExit { target: Target::Error(loc), guard: g, post: st.clone(), path: path.clone(), reads: reads.clone(), array_reads: bases.clone() });
                            }
                            let no = tm.not(o);
                            pc = tm.and(pc, no);
                            if matches!(op, BinOp::SDiv | BinOp::SRem) {
                                // What is left of the division's undefined behaviour: by zero.
                                let zero = tm.bv_u64(*w, 0);
                                ub = Some(tm.eq(y, zero));
                            }
                        }
                        if let Some(u) = shl_ub {
                            let g = tm.and(pc, u);
                            if tm.bool_value(g) != Some(false) {
                                let what = "left shift that overflows if its operand is signed (or of a negative signed value)".to_string();
                                exits.push(SymExit { target: Target::Ub(what, loc), guard: g, post: st.clone(), path: path.clone(), reads: reads.clone(), array_reads: bases.clone() });
                            }
                            let nu = tm.not(u);
                            pc = tm.and(pc, nu);
                        }
                    }
                    if let Some(u) = ub {
                        if tm.bool_value(u) != Some(false) {
                            let g = tm.and(pc, u);
                            if tm.bool_value(g) != Some(false) {
                                let what = if matches!(op, BinOp::SDiv | BinOp::SRem) {
                                    "division by zero or overflow"
                                } else if matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr) {
                                    "shift by the operand's width or more"
                                } else {
                                    "division by zero"
                                };
                                exits.push(SymExit { target: Target::Ub(what.into(), loc), guard: g, post: st.clone(), path: path.clone(), reads: reads.clone(), array_reads: bases.clone() });
                            }
                            let nu = tm.not(u);
                            pc = tm.and(pc, nu);
                        }
                    }
                    st[*dst as usize] = r;
                }
                FInst::ICmp { dst, pred, a, b, .. } => {
                    let x = opnd(tm, &st, *a, mode, fresh);
                    let y = opnd(tm, &st, *b, mode, fresh);
                    let c = symbolic::icmp(tm, *pred, x, y);
                    st[*dst as usize] = symbolic::from_bool(tm, c);
                }
                FInst::Select { dst, c, t, f } => {
                    let cv = opnd(tm, &st, *c, mode, fresh);
                    let tv = opnd(tm, &st, *t, mode, fresh);
                    let fv = opnd(tm, &st, *f, mode, fresh);
                    let cb = symbolic::to_bool(tm, cv);
                    st[*dst as usize] = tm.ite(cb, tv, fv);
                }
                FInst::Cast { dst, op, from, to, v } => {
                    let x = opnd(tm, &st, *v, mode, fresh);
                    st[*dst as usize] = symbolic::cast(tm, *op, *from, *to, x);
                }
                // A shadow cell is the tests' alone ([`crate::flatten::arrays`]).
                FInst::Copy { dst, .. } if mode == Mode::Abstract && flat.is_shadow(*dst) => {}
                FInst::Copy { dst, v } => st[*dst as usize] = opnd(tm, &st, *v, mode, fresh),
                // The tests' sparse cells ([`crate::flatten::arrays`]).
                FInst::ShadowFill { .. } => {}
                FInst::ArrayFill { array } => {
                    mem.cells.retain(|m| m.0 != *array);
                    if !mem.filled.contains(array) {
                        mem.filled.push(*array);
                    }
                }
                FInst::ArrayRead { dst, array, off } => {
                    let a = &flat.arrays[*array as usize];
                    let w = flat.width(*dst);
                    st[*dst as usize] = if let Some(first) = a.exact_along_tests().filter(|_| mode == Mode::Concrete) {
                        let o = opnd(tm, &st, *off, mode, fresh);
                        let mut acc = st[first as usize];
                        for k in 1..a.cells {
                            let at = tm.bv_u64(64, u64::from(k) * a.len);
                            let here = tm.eq(o, at);
                            acc = tm.ite(here, st[(first + k) as usize], acc);
                        }
                        acc
                    } else {
                        // Any value, unless the step has seen the cell already; the pinned
                        // cells are selected over it by the next instructions.
                        let o = opnd(tm, &st, *off, mode, fresh);
                        let mut v = tm.var(&format!("{}[?]", a.name), vigil_bv::Sort::BitVec(w));
                        fresh.push(v);
                        if !mem.filled.contains(array) {
                            bases.push(ArrayRead { array: *array, off: o, value: v });
                        }
                        for &(_, mo, mv) in mem.cells.iter().filter(|m| m.0 == *array) {
                            let here = tm.eq(o, mo);
                            v = tm.ite(here, mv, v);
                        }
                        mem.cells.push((*array, o, v));
                        v
                    };
                }
                FInst::ArrayWrite { array, off, v } => {
                    let a = &flat.arrays[*array as usize];
                    if let Some(first) = a.exact_along_tests().filter(|_| mode == Mode::Concrete) {
                        let o = opnd(tm, &st, *off, mode, fresh);
                        let x = opnd(tm, &st, *v, mode, fresh);
                        for k in 0..a.cells {
                            let at = tm.bv_u64(64, u64::from(k) * a.len);
                            let here = tm.eq(o, at);
                            let r = (first + k) as usize;
                            st[r] = tm.ite(here, x, st[r]);
                        }
                    } else {
                        let o = opnd(tm, &st, *off, mode, fresh);
                        let x = opnd(tm, &st, *v, mode, fresh);
                        mem.cells.push((*array, o, x));
                    }
                }
                FInst::Nondet { dst, func } => {
                    let w = flat.width(*dst);
                    let var = tm.var(&format!("in.{func}"), vigil_bv::Sort::BitVec(w));
                    inputs.push(SymInput { var, func: func.clone(), width: w });
                    reads.push(SymInput { var, func: func.clone(), width: w });
                    let is_bool = vigil_ir::svcomp::nondet_function(func).is_some_and(|n| n.is_bool());
                    let v = if is_bool && w > 1 {
                        let low = tm.extract(var, 0, 0);
                        tm.zero_extend(low, w - 1)
                    } else {
                        var
                    };
                    st[*dst as usize] = v;
                }
                FInst::Assume { c } => {
                    let cv = opnd(tm, &st, *c, mode, fresh);
                    let nz = symbolic::to_bool(tm, cv);
                    pc = tm.and(pc, nz);
                }
                FInst::Check { c, what, kind } => {
                    if let Some(is_error) = flat.check_fails(*kind) {
                        let cv = opnd(tm, &st, *c, mode, fresh);
                        let ok = symbolic::to_bool(tm, cv);
                        let bad = tm.not(ok);
                        let g = tm.and(pc, bad);
                        if tm.bool_value(g) != Some(false) {
                            let target = if is_error { Target::Error(loc) } else { Target::Ub((*what).to_string(), loc) };
                            exits.push(SymExit { target, guard: g, post: st.clone(), path: path.clone(), reads: reads.clone(), array_reads: bases.clone() });
                        }
                        pc = tm.and(pc, ok);
                    }
                }
                FInst::Call { dst, proc, args, globals } => {
                    let mut a: Vec<TermId> = args.iter().map(|o| opnd(tm, &st, *o, mode, fresh)).collect();
                    a.extend(globals.iter().map(|&g| st[g as usize]));
                    calls.push(StepCall { proc: *proc, inputs: a.clone() });
                    // Fresh outputs: the result (whether used or not), then the globals.
                    let sh = crate::summary::Shape::of(&flat.procs, *proc);
                    let name = flat.procs.name(*proc);
                    let outs: Vec<TermId> = sh
                        .outs
                        .iter()
                        .enumerate()
                        .map(|(k, &w)| {
                            let v = tm.var(&format!("out{k}.{name}"), vigil_bv::Sort::BitVec(w));
                            fresh.push(v);
                            v
                        })
                        .collect();
                    let (may, covered) = crate::summary::may_terms(tm, &flat.procs, *proc, &a, &outs);
                    // Where the callee may fail: where no proven summary covers the arguments
                    // (abstract), where a memoised call failed (concrete).
                    let (fail_err, fail_ub, cont) = match mode {
                        Mode::Abstract => {
                            let nc = tm.not(covered);
                            (nc, nc, may)
                        }
                        Mode::Concrete => {
                            let (rets, errs, ubs) = crate::summary::must_terms(tm, &flat.procs, *proc, &a, &outs);
                            let ne = tm.not(errs);
                            let nu = tm.not(ubs);
                            let c0 = tm.and(may, rets);
                            let c1 = tm.and(c0, ne);
                            (errs, ubs, tm.and(c1, nu))
                        }
                    };
                    let ge = tm.and(pc, fail_err);
                    if tm.bool_value(ge) != Some(false) {
                        exits.push(SymExit { target: Target::Error(loc), guard: ge, post: st.clone(), path: path.clone(), reads: reads.clone(), array_reads: bases.clone() });
                    }
                    let gu = tm.and(pc, fail_ub);
                    if tm.bool_value(gu) != Some(false) {
                        let what = format!("undefined behaviour in a call of {}", flat.procs.name(*proc));
                        exits.push(SymExit { target: Target::Ub(what, loc), guard: gu, post: st.clone(), path: path.clone(), reads: reads.clone(), array_reads: bases.clone() });
                    }
                    pc = tm.and(pc, cont);
                    if let (Some(d), true) = (dst, sh.returns) {
                        st[*d as usize] = outs[0];
                    }
                    for (&g, &v) in globals.iter().zip(&outs[usize::from(sh.returns)..]) {
                        st[g as usize] = v;
                    }
                }
                FInst::Error { loc } => {
                    if tm.bool_value(pc) != Some(false) {
                        let target = if flat.error_call_is_other_property() {
                            Target::Ub(crate::exec::ERROR_CALL_UNDER_NO_OVERFLOW.into(), *loc)
                        } else {
                            Target::Error(*loc)
                        };
                        exits.push(SymExit { target, guard: pc, post: st, path, reads, array_reads: bases });
                    }
                    return;
                }
                FInst::Exit => {
                    if tm.bool_value(pc) != Some(false) {
                        exits.push(SymExit { target: Target::Exit, guard: pc, post: st, path, reads, array_reads: bases });
                    }
                    return;
                }
            }
            if tm.bool_value(pc) == Some(false) {
                return;
            }
        }
        // The edges the terminator may take, each with its condition.
        let mut taken: Vec<(TermId, &crate::flatten::Edge)> = Vec::new();
        match &blk.term {
            FTerm::Br(e) => taken.push((pc, e)),
            FTerm::CondBr { c, t, f } => {
                let cv = opnd(tm, &st, *c, mode, fresh);
                let cb = symbolic::to_bool(tm, cv);
                let gt = tm.and(pc, cb);
                let ncb = tm.not(cb);
                let gf = tm.and(pc, ncb);
                taken.push((gt, t));
                taken.push((gf, f));
            }
            FTerm::Switch { v, w, cases, default } => {
                let x = opnd(tm, &st, *v, mode, fresh);
                let mut none = pc;
                for (k, e) in cases {
                    let kc = tm.bv_u64(*w, *k);
                    let eq = tm.eq(x, kc);
                    let g = tm.and(pc, eq);
                    taken.push((g, e));
                    let ne = tm.not(eq);
                    none = tm.and(none, ne);
                }
                taken.push((none, default));
            }
            FTerm::Return => {
                if tm.bool_value(pc) != Some(false) {
                    exits.push(SymExit { target: Target::Exit, guard: pc, post: st, path, reads, array_reads: bases });
                }
                return;
            }
            FTerm::Unreachable => {
                if tm.bool_value(pc) != Some(false) {
                    exits.push(SymExit { target: Target::Ub("unreachable executed".into(), blk.term_loc), guard: pc, post: st, path, reads, array_reads: bases });
                }
                return;
            }
        }
        for (g, e) in taken {
            if self.tm.bool_value(g) == Some(false) {
                continue;
            }
            let vals: Vec<TermId> = e.assigns.iter().map(|(_, o)| opnd(self.tm, &st, *o, mode, self.fresh)).collect();
            let mut post = st.clone();
            for ((r, _), v) in e.assigns.iter().zip(vals) {
                post[*r as usize] = v;
            }
            // The bound only keeps a broken tree invariant from recursing forever.
            if flat.is_absorbed(e.target as usize) && path.len() < flat.blocks.len() {
                let mut p2 = path.clone();
                p2.push(e.target);
                self.block(e.target, post, g, reads.clone(), p2, mem.clone(), bases.clone());
            } else {
                self.exits.push(SymExit { target: Target::Block(e.target), guard: g, post, path: path.clone(), reads: reads.clone(), array_reads: bases.clone() });
            }
        }
    }
}


#[cfg(test)]
mod tests {
    use super::*;
    use vigil_semantics::Scalar;
    use vigil_semantics::ops;

    struct Rng(vigil_sat::Rng);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0.next_u64()
        }
        /// Values biased towards the interesting ones (0, 1, -1, MIN, MAX, small).
        fn value(&mut self, w: u32) -> u64 {
            let m = mask(w);
            let r = self.next();
            (match r % 8 {
                0 => 0,
                1 => 1,
                2 => m,
                3 => 1u64 << (w - 1),
                4 => (1u64 << (w - 1)).wrapping_sub(1),
                5 => r >> 60,
                _ => self.next(),
            }) & m
        }
    }

    const WIDTHS: [u32; 6] = [1, 3, 8, 16, 32, 64];
    const BINOPS: [BinOp; 13] = BinOp::ALL;

    fn const_of(tm: &TermManager, t: TermId) -> u64 {
        tm.bv_value(t).unwrap_or_else(|| panic!("not folded: {:?}", tm.op(t))).low_u64()
    }

    /// The symbolic encoding of binary operators with their undefined behaviour (this module's
    /// part; `vigil_semantics::symbolic`'s tests cover comparisons and casts) agrees with
    /// `vigil_semantics::ops` (the VM's arithmetic) on random inputs, for every operator and several
    /// widths: same bits, and undefined behaviour exactly when the VM faults. Terms over constants are folded by the bv layer's evaluator; a sample is
    /// also decided by the solver from variables to check the circuits.
    #[test]
    fn symbolic_agrees_with_concrete_ops() {
        let mut rng = Rng(vigil_sat::Rng::new(0x9e37_79b9_7f4a_7c15));
        let mut tm = TermManager::new();
        let mut solver = Solver::new();
        let mut checks = 0;
        for &w in &WIDTHS {
            let va = tm.var("a", vigil_bv::Sort::BitVec(w));
            let vb = tm.var("b", vigil_bv::Sort::BitVec(w));
            for round in 0..200 {
                let (a, b) = (rng.value(w), rng.value(w));
                let (ta, tb) = (tm.bv_u64(w, a), tm.bv_u64(w, b));
                for op in BINOPS {
                    let conc = ops::binop(op, false, false, w, Scalar::int(a), Scalar::int(b));
                    // The machine faults on a shift by the width or more in the program's code.
                    let oversized = matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr) && b & mask(w) >= u64::from(w);
                    let conc = if oversized { Err(vigil_semantics::FaultKind::OversizedShift) } else { conc };
                    let mut fresh = Vec::new();
                    let (r, ub) = binop_term(&mut tm, op, w, ta, tb, Mode::Concrete, &mut fresh);
                    let ub_now = ub.is_some_and(|u| tm.bool_value(u) == Some(true));
                    match conc {
                        Err(_) => assert!(ub_now, "{op:?} w{w} {a} {b}: VM faults, symbolic does not"),
                        Ok(s) => {
                            assert!(!ub_now, "{op:?} w{w} {a} {b}: symbolic UB, VM fine");
                            assert_eq!(const_of(&tm, r), s.bits & mask(w), "{op:?} w{w} {a} {b}");
                        }
                    }
                    if round % 50 == 0 {
                        // Same through the solver, from variables.
                        let (rv, ubv) = binop_term(&mut tm, op, w, va, vb, Mode::Concrete, &mut fresh);
                        let ea = tm.eq(va, ta);
                        let eb = tm.eq(vb, tb);
                        assert_eq!(solver.check_assuming(&tm, &[ea, eb]).unwrap(), vigil_bv::CheckResult::Sat);
                        checks += 1;
                        if let Ok(s) = conc {
                            let got = solver.value(&tm, rv).unwrap();
                            assert_eq!(got.as_bv().unwrap().low_u64(), s.bits & mask(w), "solver {op:?} w{w}");
                        }
                        if let Some(u) = ubv {
                            assert_eq!(solver.value(&tm, u).unwrap().as_bool().unwrap(), conc.is_err());
                        }
                    }
                }
            }
        }
        assert_eq!(checks, WIDTHS.len() * 4 * BINOPS.len());
    }

    #[test]
    fn oversized_shifts_are_free_in_abstract_mode() {
        let mut tm = TermManager::new();
        let a = tm.bv_u64(8, 5);
        let b = tm.bv_u64(8, 9);
        let mut fresh = Vec::new();
        let (r, ub) = binop_term(&mut tm, BinOp::Shl, 8, a, b, Mode::Abstract, &mut fresh);
        assert_eq!(ub.and_then(|u| tm.bool_value(u)), Some(true), "and undefined behaviour (C11 6.5.7p3)");
        assert_eq!(fresh.len(), 1);
        assert_eq!(r, fresh[0], "a shift by 9 of an i8 is an undefined value");
        let (r, _) = binop_term(&mut tm, BinOp::Shl, 8, a, b, Mode::Concrete, &mut fresh);
        assert_eq!(const_of(&tm, r), 0, "concrete mode gives the VM's bits");
    }

    #[test]
    fn exists_eliminates_closed_groups_and_reports_mixed_ones() {
        let mut tm = TermManager::new();
        let mut solver = Solver::new();
        let x = tm.var("x", vigil_bv::Sort::BitVec(8));
        let i = tm.var("i", vigil_bv::Sort::BitVec(8));
        let state: HashSet<TermId> = [x].into_iter().collect();
        let five = tm.bv_u64(8, 5);
        let zero = tm.bv_u64(8, 0);
        let xg = tm.sgt(x, five);
        let inz = symbolic::to_bool(&mut tm, i);
        // ∃i. i != 0 ∧ x > 5  ≡  x > 5, exactly.
        let f = tm.and(inz, xg);
        let mut calls = 0;
        let (q, exact) = exists(&mut tm, &mut solver, f, &state, &mut calls);
        assert!(exact);
        assert_eq!(q, xg);
        // ∃i. i == 0 ∧ i != 0 ∧ x > 5  ≡  false.
        let iz = tm.eq(i, zero);
        let g0 = tm.and(iz, inz);
        let g = tm.and(g0, xg);
        let (q, exact) = exists(&mut tm, &mut solver, g, &state, &mut calls);
        assert!(exact);
        assert_eq!(tm.bool_value(q), Some(false));
        // ∃i. i > x: mixed; eliminated exactly by the Skolem term x + 1 (false at x = MAX).
        let m = tm.sgt(i, x);
        let (q, exact) = exists(&mut tm, &mut solver, m, &state, &mut calls);
        assert!(exact);
        let max = tm.bv_u64(8, 127);
        let not_max = {
            let e = tm.eq(x, max);
            tm.not(e)
        };
        let differ = tm.xor(q, not_max);
        assert_eq!(solver.check_assuming(&tm, &[differ]).unwrap(), vigil_bv::CheckResult::Unsat);
        // ∃i. i * i == x: no Skolem term from the atoms works; over-approximated, inexact.
        let sq = tm.bvmul(i, i);
        let m2 = tm.eq(sq, x);
        let (q, exact) = exists(&mut tm, &mut solver, m2, &state, &mut calls);
        assert!(!exact);
        assert_eq!(tm.bool_value(q), Some(true));
    }

    #[test]
    fn exists_splits_an_index_with_few_values_into_cases() {
        let mut tm = TermManager::new();
        let mut solver = Solver::new();
        let bv = vigil_bv::Sort::BitVec(8);
        let (a0, a1, a2) = (tm.var("a0", bv), tm.var("a1", bv), tm.var("a2", bv));
        let j = tm.var("j", bv);
        let state: HashSet<TermId> = [a0, a1, a2].into_iter().collect();
        let (c0, c1, c3) = (tm.bv_u64(8, 0), tm.bv_u64(8, 1), tm.bv_u64(8, 3));
        // ∃j. 0 <= j < 3 ∧ a[j] != j, with a[j] as the if-then-else a load becomes.
        let lo = tm.sge(j, c0);
        let hi = tm.slt(j, c3);
        let is1 = tm.eq(j, c1);
        let is0 = tm.eq(j, c0);
        let r1 = tm.ite(is1, a1, a2);
        let read = tm.ite(is0, a0, r1);
        let same = tm.eq(read, j);
        let differs = tm.not(same);
        let f0 = tm.and(lo, hi);
        let f = tm.and(f0, differs);
        let mut calls = 0;
        let (q, exact) = exists(&mut tm, &mut solver, f, &state, &mut calls);
        assert!(exact, "three values: split exactly");
        // The result is a0 != 0 ∨ a1 != 1 ∨ a2 != 2.
        let c2 = tm.bv_u64(8, 2);
        let e0 = tm.eq(a0, c0);
        let e1 = tm.eq(a1, c1);
        let e2 = tm.eq(a2, c2);
        let all01 = tm.and(e0, e1);
        let all = tm.and(all01, e2);
        let expected = tm.not(all);
        let differ = tm.xor(q, expected);
        assert_eq!(solver.check_assuming(&tm, &[differ]).unwrap(), vigil_bv::CheckResult::Unsat);
        // With 200 possible values the split is refused; the disjunction of the Skolem guesses
        // (0, 1, 2, 199, ...) is exact here, and true: a2 differs from 2 or from 199.
        let c200 = tm.bv_u64(8, 200);
        let wide = tm.ult(j, c200);
        let g = tm.and(wide, differs);
        let (q, exact) = exists(&mut tm, &mut solver, g, &state, &mut calls);
        assert!(exact);
        let nq = tm.not(q);
        assert_eq!(solver.check_assuming(&tm, &[nq]).unwrap(), vigil_bv::CheckResult::Unsat);
    }

    #[test]
    fn substitution_replaces_variables_everywhere() {
        let mut tm = TermManager::new();
        let x = tm.var("x", vigil_bv::Sort::BitVec(16));
        let y = tm.var("y", vigil_bv::Sort::BitVec(16));
        let one = tm.bv_u64(16, 1);
        let xp1 = tm.bvadd(x, one);
        let p = tm.slt(xp1, y);
        let three = tm.bv_u64(16, 3);
        let map: HashMap<TermId, TermId> = [(x, three), (y, three)].into_iter().collect();
        let r = subst(&mut tm, p, &map, &mut HashMap::new());
        assert_eq!(tm.bool_value(r), Some(false), "3 + 1 < 3 is false");
    }
}
