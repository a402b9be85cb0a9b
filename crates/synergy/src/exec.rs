//! Concrete execution of flat blocks: the tests of SYNERGY's forest (Gulavani et al. 2006, §3:
//! "the forest F of concrete states from executed tests").
//!
//! Every operation goes through `vigil_semantics::ops` — the one definition of integer arithmetic — so a
//! test here means what it means on the VM. Undefined operands are given the value 0 (the VM
//! decides `undef` nondeterministically, so 0 is one of its choices); division by zero and
//! `INT_MIN / -1` and a shift by the width or more (C11 6.5.7p3) end the step in [`Step::Ub`]. Under no-overflow ([`Flat::check_overflow`]) a
//! signed overflow of an `nsw` operation and `INT_MIN / -1` end it in [`Step::Error`] (the
//! VM's `SignedOverflow`/`DivOverflow` faults) and a call of the error function in [`Step::Ub`].
//! A failed [`FInst::Check`] ends it as [`Flat::check_fails`] says: the error (a memory-safety
//! violation under valid-memsafety), undefined behaviour, or nothing (a leak check under
//! another property).
//!
//! A state is the registers' values and the sparse shadow cells of the large arrays
//! ([`Shadows`]).
//!
//! Invariant: values in a state are masked to their register's width.

use crate::flatten::arrays::Shadow;
use crate::flatten::{mask, FInst, FTerm, Flat, Opnd};
use crate::sparse::Shadows;
use vigil_ir::{BinOp, Loc};
use vigil_semantics::ops;
use vigil_semantics::FaultKind;
use vigil_semantics::Scalar;
use crate::summary::run::Outcome;

/// Why a path that calls the error function ends without a verdict under no-overflow.
pub const ERROR_CALL_UNDER_NO_OVERFLOW: &str = "the error function called (not the property checked)";

/// Where one block step ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Jumped to a block.
    Next(u32),
    /// Called the error function.
    Error(Loc),
    /// Undefined behaviour (what, where).
    Ub(String, Loc),
    /// The path ended normally (`exit`, `abort`, return from `main`).
    Exit,
    /// An assumption failed: the path is infeasible.
    Blocked,
}

/// A source of inputs for nondet calls: (function name, width) → value.
pub trait Inputs {
    fn next(&mut self, func: &str, width: u32) -> u64;
}

/// Inputs from a list, then zeros.
pub struct ListInputs<'a> {
    pub values: &'a [u64],
    pub pos: usize,
}

impl Inputs for ListInputs<'_> {
    fn next(&mut self, _func: &str, width: u32) -> u64 {
        let v = self.values.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        v & mask(width)
    }
}

fn val(state: &[u64], o: Opnd) -> u64 {
    match o {
        Opnd::Reg(r) => state[r as usize],
        Opnd::Const { bits, .. } => bits,
        Opnd::Undef { .. } => 0,
    }
}

/// Normalises an input to the function's range: `_Bool` results are 0 or 1.
pub fn input_value(func: &str, width: u32, v: u64) -> u64 {
    if vigil_ir::svcomp::nondet_function(func).is_some_and(|n| n.is_bool()) {
        v & 1
    } else {
        v & mask(width)
    }
}

/// Executes the step of location `b` on `state` in place: block `b` and, through the blocks
/// absorbed into it ([`crate::locations`]), on to the next location. Inputs consumed are
/// appended to `consumed` as (function, width, value).
pub fn step(flat: &Flat, b: u32, state: &mut [u64], mem: &mut Shadows, inputs: &mut dyn Inputs, consumed: &mut Vec<(String, u32, u64)>) -> Step {
    step_path(flat, b, state, mem, inputs, consumed, &mut Vec::new())
}

/// [`step`], appending the absorbed blocks the step passes through to `path`, in order (the
/// same path as the [`crate::symbolic::SymExit::path`] of the exit it takes).
pub fn step_path(flat: &Flat, b: u32, state: &mut [u64], mem: &mut Shadows, inputs: &mut dyn Inputs, consumed: &mut Vec<(String, u32, u64)>, path: &mut Vec<u32>) -> Step {
    let mut b = b;
    let start = path.len();
    loop {
        let blk = &flat.blocks[b as usize];
        for (i, inst) in blk.insts.iter().enumerate() {
            if let Some(end) = inst_step(flat, inst, blk.locs[i], state, mem, inputs, consumed) {
                return end;
            }
        }
        match term_step(flat, b, state) {
            // A tree has no cycle; the bound only keeps a broken invariant from looping.
            Step::Next(n) if flat.is_absorbed(n as usize) && path.len() - start < flat.blocks.len() => {
                path.push(n);
                b = n;
            }
            s => return s,
        }
    }
}

/// Executes one instruction (at `loc`) on `state` and `mem`; Some when the block step ends there.
#[allow(clippy::too_many_arguments)]
pub fn inst_step(flat: &Flat, inst: &FInst, loc: Loc, state: &mut [u64], mem: &mut Shadows, inputs: &mut dyn Inputs, consumed: &mut Vec<(String, u32, u64)>) -> Option<Step> {
    match inst {
            FInst::Bin { dst, op, w, a, b, nsw } => {
                if matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr) && val(state, *b) >= u64::from(*w) {
                    // C11 6.5.7p3, the VM's `OversizedShift` fault.
                    return Some(Step::Ub(FaultKind::OversizedShift.to_string(), loc));
                }
                let check = flat.check_overflow && !flat.unsigned_shl(*op, *nsw);
                let r = ops::binop(*op, *nsw, check, *w, Scalar::int(val(state, *a)), Scalar::int(val(state, *b)));
                match r {
                    Ok(s) => state[*dst as usize] = s.bits & mask(*w),
                    Err(FaultKind::SignedOverflow | FaultKind::DivOverflow) if flat.check_overflow => return Some(Step::Error(loc)),
                    Err(k) => return Some(Step::Ub(k.to_string(), loc)),
                }
            }
            FInst::ICmp { dst, pred, w, a, b } => {
                let s = ops::icmp(*pred, *w, Scalar::int(val(state, *a)), Scalar::int(val(state, *b)));
                state[*dst as usize] = s.bits & 1;
            }
            FInst::Select { dst, c, t, f } => {
                state[*dst as usize] = if val(state, *c) & 1 == 1 { val(state, *t) } else { val(state, *f) };
            }
            FInst::Cast { dst, op, from, to, v } => {
                let s = ops::cast(*op, *from, *to, Scalar::int(val(state, *v) & mask(*from)));
                state[*dst as usize] = s.bits & mask(*to);
            }
            FInst::Copy { dst, v } => state[*dst as usize] = val(state, *v),
            FInst::Nondet { dst, func } => {
                let w = flat.width(*dst);
                let v = input_value(func, w, inputs.next(func, w));
                consumed.push((func.clone(), w, v));
                state[*dst as usize] = v;
            }
            FInst::Assume { c } => {
                if val(state, *c) == 0 {
                    return Some(Step::Blocked);
                }
            }
            FInst::Check { c, what, kind } => {
                if val(state, *c) & 1 == 0 {
                    match flat.check_fails(*kind) {
                        Some(true) => return Some(Step::Error(loc)),
                        Some(false) => return Some(Step::Ub((*what).to_string(), loc)),
                        None => {}
                    }
                }
            }
            FInst::Call { dst, proc, args, globals } => {
                let a = crate::summary::run::inputs(state, args, globals);
                match crate::summary::run::call(&flat.procs, *proc, &a) {
                    Outcome::Ret(outs) => crate::summary::run::write_back(&flat.procs, *proc, state, *dst, globals, &outs),
                    Outcome::Error(l) => return Some(Step::Error(l)),
                    Outcome::Ub(w, l) => return Some(Step::Ub(w, l)),
                    // An assumption failed inside, the call never returns, or it ran past the
                    // budget of a test: the test ends here (its states so far were all reached).
                    Outcome::Blocked | Outcome::Diverges | Outcome::Cut => return Some(Step::Blocked),
                }
            }
            // The checks before the access keep the offset on a cell.
            FInst::ArrayRead { dst, array, off } => {
                let a = &flat.arrays[*array as usize];
                let o = val(state, *off);
                if !a.names_cell(o) {
                    return Some(Step::Ub("array access outside its cells".into(), loc));
                }
                state[*dst as usize] = match a.shadow {
                    Shadow::Regs(first) => state[(first + (o / a.len) as u32) as usize],
                    // Cells the test does not keep (yet): it ends here.
                    Shadow::Sparse if !mem.keeps(*array) => return Some(Step::Blocked),
                    Shadow::Sparse => mem.get(*array, o / a.len),
                };
            }
            FInst::ArrayWrite { array, off, v } => {
                let a = &flat.arrays[*array as usize];
                let o = val(state, *off);
                if !a.names_cell(o) {
                    return Some(Step::Ub("array access outside its cells".into(), loc));
                }
                let x = val(state, *v) & mask((a.len * 8) as u32);
                match a.shadow {
                    Shadow::Regs(first) => state[(first + (o / a.len) as u32) as usize] = x,
                    Shadow::Sparse => mem.set(*array, o / a.len, x),
                }
            }
            FInst::ShadowFill { array, from, to, v } => mem.fill(*array, *from, *to, *v, u64::from(flat.arrays[*array as usize].cells)),
            // The copies that follow fill the cells.
            FInst::ArrayFill { .. } => {}
            FInst::Error { loc } if flat.error_call_is_other_property() => return Some(Step::Ub(ERROR_CALL_UNDER_NO_OVERFLOW.into(), *loc)),
            FInst::Error { loc } => return Some(Step::Error(*loc)),
            FInst::Exit => return Some(Step::Exit),
    }
    None
}

/// Executes the terminator of block `b` on `state`.
pub fn term_step(flat: &Flat, b: u32, state: &mut [u64]) -> Step {
    let blk = &flat.blocks[b as usize];
    let jump = |state: &mut [u64], e: &crate::flatten::Edge| {
        let vals: Vec<u64> = e.assigns.iter().map(|(_, o)| val(state, *o)).collect();
        for ((r, _), v) in e.assigns.iter().zip(vals) {
            state[*r as usize] = v;
        }
        Step::Next(e.target)
    };
    match &blk.term {
        FTerm::Br(e) => jump(state, e),
        FTerm::CondBr { c, t, f } => {
            if val(state, *c) & 1 == 1 {
                jump(state, t)
            } else {
                jump(state, f)
            }
        }
        FTerm::Switch { v, w, cases, default } => {
            let x = val(state, *v) & mask(*w);
            match cases.iter().find(|(k, _)| *k == x) {
                Some((_, e)) => jump(state, e),
                None => jump(state, default),
            }
        }
        FTerm::Return => Step::Exit,
        FTerm::Unreachable => Step::Ub("unreachable executed".into(), blk.term_loc),
    }
}
