//! The symbolic meaning of vigil IR's integer operations: IR operator → bit-vector term, written
//! once for every symbolic engine (the static and synergy engines), beside the concrete meaning
//! in [`crate::ops`] (DESIGN.md: "one semantics, three executions").
//!
//! Every register is one bit-vector term of its type's width
//! ([`vigil_ir::types::TypeTable::value_bits`]); Babić, thesis 2008, §3.2 ("bit-precise"). The
//! encoding agrees with [`crate::ops`] on every input where the concrete operation does not fault
//! (division by zero and `INT_MIN / -1` are faults there; engines add their own conditions for
//! them) and where shifts are by less than the width (the VM's result is undefined otherwise; the
//! terms give SMT-LIB's value, and engines that must treat it as undefined do so themselves);
//! the tests below check that on random inputs for every operator at several widths, by
//! constant folding and through the solver.
//!
//! Invariants: results have exactly the width the IR gives the instruction; Booleans (`i1`) are
//! 1-bit vectors, and [`to_bool`]/[`from_bool`] convert at branch and select points.

use vigil_bv::{Op, TermId, TermManager};
use vigil_ir::{BinOp, CastOp, ICmpPred};

/// `a op b` (both of the same width).
pub fn binop(tm: &mut TermManager, op: BinOp, a: TermId, b: TermId) -> TermId {
    let o = match op {
        BinOp::Add => Op::BvAdd,
        BinOp::Sub => Op::BvSub,
        BinOp::Mul => Op::BvMul,
        BinOp::UDiv => Op::BvUdiv,
        BinOp::SDiv => Op::BvSdiv,
        BinOp::URem => Op::BvUrem,
        BinOp::SRem => Op::BvSrem,
        BinOp::And => Op::BvAnd,
        BinOp::Or => Op::BvOr,
        BinOp::Xor => Op::BvXor,
        BinOp::Shl => Op::BvShl,
        BinOp::LShr => Op::BvLshr,
        BinOp::AShr => Op::BvAshr,
    };
    tm.app(o, &[a, b])
}

/// `a pred b` as a Bool term (the non-strict and reversed comparisons are the bit-vector layer's
/// derived operators over `ult`/`slt`).
pub fn icmp(tm: &mut TermManager, pred: ICmpPred, a: TermId, b: TermId) -> TermId {
    match pred {
        ICmpPred::Eq => tm.eq(a, b),
        ICmpPred::Ne => {
            let e = tm.eq(a, b);
            tm.not(e)
        }
        ICmpPred::Ult => tm.ult(a, b),
        ICmpPred::Ugt => tm.ugt(a, b),
        ICmpPred::Ule => tm.ule(a, b),
        ICmpPred::Uge => tm.uge(a, b),
        ICmpPred::Slt => tm.slt(a, b),
        ICmpPred::Sgt => tm.sgt(a, b),
        ICmpPred::Sle => tm.sle(a, b),
        ICmpPred::Sge => tm.sge(a, b),
    }
}

/// A cast of `v` from `from` bits to `to` bits.
pub fn cast(tm: &mut TermManager, op: CastOp, from: u32, to: u32, v: TermId) -> TermId {
    match op {
        CastOp::Trunc => resize_trunc(tm, v, to),
        CastOp::ZExt => {
            if to > from {
                tm.zero_extend(v, to - from)
            } else {
                resize_trunc(tm, v, to)
            }
        }
        CastOp::SExt => {
            if to > from {
                tm.sign_extend(v, to - from)
            } else {
                resize_trunc(tm, v, to)
            }
        }
        // Pointers are 64-bit terms; narrower integer views truncate, wider ones zero-extend
        // (the VM keeps the bits unchanged, i.e. zero high bits, for `to >= 64`).
        CastOp::PtrToInt | CastOp::IntToPtr | CastOp::Bitcast => {
            if to == from {
                v
            } else if to > from {
                tm.zero_extend(v, to - from)
            } else {
                resize_trunc(tm, v, to)
            }
        }
    }
}

fn resize_trunc(tm: &mut TermManager, v: TermId, to: u32) -> TermId {
    let w = tm.width(v);
    if to >= w {
        v
    } else {
        tm.extract(v, to - 1, 0)
    }
}

/// Bool → `i1`.
pub fn from_bool(tm: &mut TermManager, b: TermId) -> TermId {
    let one = tm.bv_u64(1, 1);
    let zero = tm.bv_u64(1, 0);
    tm.ite(b, one, zero)
}

/// Any bit-vector → Bool (`v != 0`); a Bool term is returned unchanged, and a 1-bit
/// `ite(c, 1, 0)` (a comparison result) gives back `c` itself, which keeps predicates readable.
pub fn to_bool(tm: &mut TermManager, v: TermId) -> TermId {
    if tm.sort(v).is_bool() {
        return v;
    }
    if matches!(tm.op(v), Op::Ite) && tm.width(v) == 1 {
        let (c, a, b) = (tm.arg(v, 0), tm.arg(v, 1), tm.arg(v, 2));
        match (tm.bv_value(a).map(|x| x.low_u64()), tm.bv_value(b).map(|x| x.low_u64())) {
            (Some(1), Some(0)) => return c,
            (Some(0), Some(1)) => return tm.not(c),
            _ => {}
        }
    }
    let w = tm.width(v);
    let z = tm.bv_u64(w, 0);
    let e = tm.eq(v, z);
    tm.not(e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_bv::{Evaluator, Value};
    use crate::scalar::{mask, Scalar};

    /// A deterministic generator of values biased towards boundary values.
    struct Rng(vigil_sat::Rng);
    impl Rng {
        fn new(seed: u64) -> Rng {
            Rng(vigil_sat::Rng::new(seed))
        }
        fn next(&mut self) -> u64 {
            let x = self.0.next_u64();
            match x % 8 {
                0 => 0,
                1 => u64::MAX,
                2 => 1,
                3 => 1 << (x % 64),
                _ => x,
            }
        }
    }

    fn eval_bits(tm: &TermManager, t: TermId) -> u64 {
        match Evaluator::new(tm, std::iter::empty()).eval(t) {
            Value::Bv(v) => v.low_u64(),
            Value::Bool(b) => u64::from(b),
        }
    }

    const OPS: [BinOp; 13] = BinOp::ALL;
    const PREDS: [ICmpPred; 10] = ICmpPred::ALL;

    #[test]
    fn symbolic_operators_agree_with_the_concrete_vm_on_random_inputs() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut compared = 0;
        for &w in &[1u32, 3, 8, 16, 32, 64] {
            for _ in 0..300 {
                let (a, b) = (rng.next() & mask(w), rng.next() & mask(w));
                // A fresh manager per input keeps rewriting on constants honest but cheap.
                let mut tm = TermManager::new();
                let (ta, tb) = (tm.bv_u64(w, a), tm.bv_u64(w, b));
                for op in OPS {
                    let concrete = crate::ops::binop(op, false, false, w, Scalar::int(a), Scalar::int(b));
                    let Ok(c) = concrete else { continue }; // faults are properties, not values
                    let t = binop(&mut tm, op, ta, tb);
                    assert_eq!(eval_bits(&tm, t), c.bits & mask(w), "{op:?} w={w} a={a:#x} b={b:#x}");
                    compared += 1;
                }
                for pred in PREDS {
                    let c = crate::ops::icmp(pred, w, Scalar::int(a), Scalar::int(b));
                    let t = icmp(&mut tm, pred, ta, tb);
                    assert_eq!(eval_bits(&tm, t), c.bits, "{pred:?} w={w} a={a:#x} b={b:#x}");
                }
                for &to in &[1u32, 3, 8, 16, 32, 64] {
                    for op in [CastOp::Trunc, CastOp::ZExt, CastOp::SExt] {
                        let ok = match op {
                            CastOp::Trunc => to < w,
                            _ => to > w,
                        };
                        if !ok {
                            continue;
                        }
                        let c = crate::ops::cast(op, w, to, Scalar::int(a));
                        let t = cast(&mut tm, op, w, to, ta);
                        assert_eq!(tm.width(t), to);
                        assert_eq!(eval_bits(&tm, t), c.bits & mask(to), "{op:?} {w}->{to} a={a:#x}");
                    }
                }
            }
        }
        assert!(compared > 10_000, "only {compared} comparisons");
    }

    #[test]
    fn symbolic_operators_agree_on_variables_through_the_solver() {
        // The same agreement, but with the operands as variables fixed by the solver's model,
        // so the bit-blasted circuits (not only constant folding) are compared.
        let mut rng = Rng::new(12345);
        for &w in &[8u32, 32] {
            for _ in 0..8 {
                let (a, b) = (rng.next() & mask(w), rng.next() & mask(w));
                let mut tm = TermManager::new();
                let s = vigil_bv::Sort::bv(w).unwrap();
                let (va, vb) = (tm.var("a", s), tm.var("b", s));
                let (ca, cb) = (tm.bv_u64(w, a), tm.bv_u64(w, b));
                let mut solver = vigil_bv::Solver::new();
                let ea = tm.eq(va, ca);
                let eb = tm.eq(vb, cb);
                solver.assert(&tm, ea).unwrap();
                solver.assert(&tm, eb).unwrap();
                for op in OPS {
                    let Ok(c) = crate::ops::binop(op, false, false, w, Scalar::int(a), Scalar::int(b)) else {
                        continue;
                    };
                    let t = binop(&mut tm, op, va, vb);
                    let r = tm.bv_u64(w, c.bits & mask(w));
                    let differs = {
                        let e = tm.eq(t, r);
                        tm.not(e)
                    };
                    let res = solver.check_assuming(&tm, &[differs]).unwrap();
                    assert_eq!(res, vigil_bv::CheckResult::Unsat, "{op:?} w={w} a={a:#x} b={b:#x}");
                }
            }
        }
    }
}
