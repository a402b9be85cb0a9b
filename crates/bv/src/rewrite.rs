//! The local rewriter applied as terms are built (Babić thesis §5.1.1: constant folding,
//! constant collection, simple deduction, redundancy elimination, strength reduction).
//!
//! Invariants:
//! - Each rule looks only at one operator and its operands (at most one level deeper) and
//!   returns a term *equivalent for every assignment* to `op(args)` and of the same sort.
//! - Every rule is a named [`Rule`]; a [`RewriteConfig`] can switch each one off, so tests can
//!   build the unrewritten term, and the manager counts how often each rule fired.
//! - Results are built through `TermManager::app`, i.e. rewritten again; every rule makes the
//!   term strictly smaller or moves it to a normal form no rule undoes, so this terminates.

use crate::term::{Op, TermId, TermManager};
use crate::value::BitVecValue;

/// The rewrite rules, each with a stable name (see [`Rule::name`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rule {
    /// Orders the operands of commutative operators by id, so `a+b` and `b+a` share one node.
    CommutativeOrder,
    /// All operands constant: evaluate.
    ConstFold,
    /// `and(true,x)=x`, `or(false,x)=x`, `xor(false,x)=x`, `(= x true)=x`.
    BoolNeutral,
    /// `and(false,x)=false`, `or(true,x)=true`.
    BoolAbsorb,
    /// `and(x,¬x)=false`, `or(x,¬x)=true`, `xor(x,¬x)=true`, `xor(x,true)=¬x`, `(= x false)=¬x`.
    BoolComplement,
    /// `x∧x=x`, `x∨x=x`, `x&x=x`, `x|x=x`.
    Idempotent,
    /// `x⊕x=0`, `x-x=0`.
    SelfInverse,
    /// `(= x x)=true`, `x<x=false` (unsigned and signed).
    Reflexive,
    /// `¬¬x=x`, `~~x=x`, `-(-x)=x`.
    DoubleNegation,
    /// `x+0`, `x-0`, `x*1`, `x&~0`, `x|0`, `x^0`, shifts by 0, `x/1`, extensions by 0,
    /// full-width extract: all equal `x`.
    BvNeutral,
    /// `x*0=0`, `x&0=0`, `x|~0=~0`, `x%1=0`, `0/x`-free cases: `0<<x=0`, `0>>x=0`.
    BvAbsorb,
    /// `ite(true,a,b)=a`, `ite(false,a,b)=b`, `ite(c,true,false)=c`, `ite(c,false,true)=¬c`.
    IteConstCond,
    /// `ite(c,a,a)=a`.
    IteSame,
    /// `ite(c, c∧a, b) = ite(c, a, b)` and `ite(c, a, c∨b) = ite(c, a, b)`.
    IteCondAnd,
    /// `ite(¬c, a, b) = ite(c, b, a)`.
    IteNegCond,
    /// Constant collection: `(x+c1)+c2 = x+(c1+c2)`, `x-c = x+(-c)`.
    AddConst,
    /// Simple deduction: `(= (x+c1) c2) = (= x c2-c1)`, `(= ~x c) = (= x ~c)`.
    EqSolve,
    /// `a<b ∧ b<a = false`, `a<b ∧ a=b = false` (unsigned and signed).
    CmpContradiction,
    /// Comparisons at the type bounds: `x<0=false`, `~0<x=false`, `x<1 ⇔ x=0`, `0<x ⇔ x≠0`,
    /// `x<~0 ⇔ x≠~0`, and the signed analogues with MIN/MAX.
    CmpBounds,
    /// Strength reduction: `x*2^k = concat(x[w-1-k:0], 0^k)`, `x*~0 = -x`.
    MulPow2,
    /// Strength reduction: `x/2^k = zext(x[w-1:k])`, `x%2^k = zext(x[k-1:0])`.
    DivPow2,
    /// Shifts by a constant become extract/concat/extension.
    ShiftConst,
    /// `concat(a,b)[i:j]` inside one half, and `x[i:j][k:l] = x[k+j:l+j]`.
    ExtractSimplify,
    /// Redundancy elimination by factoring a common multiplicand: `a*b + a*c = a*(b+c)`.
    AddMulFactor,
}

impl Rule {
    pub const ALL: &'static [Rule] = &[
        Rule::CommutativeOrder,
        Rule::ConstFold,
        Rule::BoolNeutral,
        Rule::BoolAbsorb,
        Rule::BoolComplement,
        Rule::Idempotent,
        Rule::SelfInverse,
        Rule::Reflexive,
        Rule::DoubleNegation,
        Rule::BvNeutral,
        Rule::BvAbsorb,
        Rule::IteConstCond,
        Rule::IteSame,
        Rule::IteCondAnd,
        Rule::IteNegCond,
        Rule::AddConst,
        Rule::EqSolve,
        Rule::CmpContradiction,
        Rule::CmpBounds,
        Rule::MulPow2,
        Rule::DivPow2,
        Rule::ShiftConst,
        Rule::ExtractSimplify,
        Rule::AddMulFactor,
    ];

    /// The rule's stable kebab-case name, as used in configuration files.
    pub fn name(self) -> &'static str {
        match self {
            Rule::CommutativeOrder => "commutative-order",
            Rule::ConstFold => "const-fold",
            Rule::BoolNeutral => "bool-neutral",
            Rule::BoolAbsorb => "bool-absorb",
            Rule::BoolComplement => "bool-complement",
            Rule::Idempotent => "idempotent",
            Rule::SelfInverse => "self-inverse",
            Rule::Reflexive => "reflexive",
            Rule::DoubleNegation => "double-negation",
            Rule::BvNeutral => "bv-neutral",
            Rule::BvAbsorb => "bv-absorb",
            Rule::IteConstCond => "ite-const-cond",
            Rule::IteSame => "ite-same",
            Rule::IteCondAnd => "ite-cond-and",
            Rule::IteNegCond => "ite-neg-cond",
            Rule::AddConst => "add-const",
            Rule::EqSolve => "eq-solve",
            Rule::CmpContradiction => "cmp-contradiction",
            Rule::CmpBounds => "cmp-bounds",
            Rule::MulPow2 => "mul-pow2",
            Rule::DivPow2 => "div-pow2",
            Rule::ShiftConst => "shift-const",
            Rule::ExtractSimplify => "extract-simplify",
            Rule::AddMulFactor => "add-mul-factor",
        }
    }

    pub fn from_name(s: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|r| r.name() == s)
    }
}

/// Which rules are enabled. Default: all.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[derive(Default)]
pub struct RewriteConfig {
    disabled: u64,
}


impl RewriteConfig {
    /// No rewriting at all (terms are only hash-consed).
    pub fn none() -> Self {
        RewriteConfig { disabled: !0 }
    }

    /// Exactly one rule enabled.
    pub fn only(rule: Rule) -> Self {
        RewriteConfig { disabled: !(1u64 << rule as u32) }
    }

    pub fn enabled(&self, rule: Rule) -> bool {
        self.disabled & (1u64 << rule as u32) == 0
    }

    pub fn set(&mut self, rule: Rule, on: bool) {
        if on {
            self.disabled &= !(1u64 << rule as u32);
        } else {
            self.disabled |= 1u64 << rule as u32;
        }
    }
}

/// Tries the enabled rules on `op(args)`; `Some(t)` is an equivalent, simpler term.
pub(crate) fn rewrite(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    if args.is_empty() || tm.rewrite_config().disabled == !0 {
        return None;
    }
    let cfg = *tm.rewrite_config();
    let on = |r: Rule| cfg.enabled(r);
    macro_rules! fire {
        ($rule:expr, $e:expr) => {{
            tm.count_rule($rule);
            return Some($e);
        }};
    }

    if on(Rule::ConstFold) && args.iter().all(|&a| tm.is_const(a)) {
        let vals: Vec<crate::eval::Value> = args
            .iter()
            .map(|&a| match tm.op(a) {
                Op::BoolConst(b) => crate::eval::Value::Bool(*b),
                Op::BvConst(v) => crate::eval::Value::Bv(v.clone()),
                _ => unreachable!(),
            })
            .collect();
        let refs: Vec<&crate::eval::Value> = vals.iter().collect();
        match crate::eval::apply(op, &refs) {
            Some(crate::eval::Value::Bool(b)) => fire!(Rule::ConstFold, tm.bool_const(b)),
            Some(crate::eval::Value::Bv(v)) => fire!(Rule::ConstFold, tm.bv_const(v)),
            None => {}
        }
    }

    let a = args[0];
    let b = args.get(1).copied().unwrap_or(a);
    let w = tm.width(a);
    let bval = |tm: &TermManager, t: TermId| tm.bool_value(t);
    let is_not_of = |tm: &TermManager, x: TermId, y: TermId| {
        (matches!(tm.op(x), Op::Not) && tm.arg(x, 0) == y) || (matches!(tm.op(y), Op::Not) && tm.arg(y, 0) == x)
    };
    // A constant operand, if any, with the other operand (for commutative operators).
    let const_side = |tm: &TermManager| -> Option<(TermId, BitVecValue)> {
        if let Some(v) = tm.bv_value(b) {
            Some((a, v.clone()))
        } else {
            tm.bv_value(a).map(|v| (b, v.clone()))
        }
    };

    match op {
        Op::Not
            if on(Rule::DoubleNegation) && matches!(tm.op(a), Op::Not) => {
                fire!(Rule::DoubleNegation, tm.arg(a, 0))
            }
        Op::And | Op::Or => {
            let is_and = *op == Op::And;
            for (x, y) in [(a, b), (b, a)] {
                match bval(tm, x) {
                    Some(v) if v == is_and && on(Rule::BoolNeutral) => fire!(Rule::BoolNeutral, y),
                    Some(v) if v != is_and && on(Rule::BoolAbsorb) => fire!(Rule::BoolAbsorb, x),
                    _ => {}
                }
            }
            if on(Rule::Idempotent) && a == b {
                fire!(Rule::Idempotent, a)
            }
            if on(Rule::BoolComplement) && is_not_of(tm, a, b) {
                fire!(Rule::BoolComplement, tm.bool_const(!is_and))
            }
            if is_and && on(Rule::CmpContradiction) && contradictory(tm, a, b) {
                fire!(Rule::CmpContradiction, tm.ff())
            }
        }
        Op::Xor => {
            for (x, y) in [(a, b), (b, a)] {
                match bval(tm, x) {
                    Some(false) if on(Rule::BoolNeutral) => fire!(Rule::BoolNeutral, y),
                    Some(true) if on(Rule::BoolComplement) => fire!(Rule::BoolComplement, tm.not(y)),
                    _ => {}
                }
            }
            if on(Rule::SelfInverse) && a == b {
                fire!(Rule::SelfInverse, tm.ff())
            }
            if on(Rule::BoolComplement) && is_not_of(tm, a, b) {
                fire!(Rule::BoolComplement, tm.tt())
            }
        }
        Op::Eq => {
            if on(Rule::Reflexive) && a == b {
                fire!(Rule::Reflexive, tm.tt())
            }
            for (x, y) in [(a, b), (b, a)] {
                match bval(tm, x) {
                    Some(true) if on(Rule::BoolNeutral) => fire!(Rule::BoolNeutral, y),
                    Some(false) if on(Rule::BoolComplement) => fire!(Rule::BoolComplement, tm.not(y)),
                    _ => {}
                }
            }
            if on(Rule::EqSolve) {
                if let Some((x, c)) = const_side(tm) {
                    match tm.op(x).clone() {
                        Op::BvAdd => {
                            let (p, q) = (tm.arg(x, 0), tm.arg(x, 1));
                            for (y, k) in [(p, q), (q, p)] {
                                if let Some(kv) = tm.bv_value(k).cloned() {
                                    let r = tm.bv_const(c.sub(&kv));
                                    fire!(Rule::EqSolve, tm.eq(y, r))
                                }
                            }
                        }
                        Op::BvNot => {
                            let y = tm.arg(x, 0);
                            let r = tm.bv_const(c.not());
                            fire!(Rule::EqSolve, tm.eq(y, r))
                        }
                        _ => {}
                    }
                }
            }
        }
        Op::Ite => {
            let (c, t, e) = (args[0], args[1], args[2]);
            if on(Rule::IteConstCond) {
                if let Some(v) = bval(tm, c) {
                    fire!(Rule::IteConstCond, if v { t } else { e })
                }
                match (bval(tm, t), bval(tm, e)) {
                    (Some(true), Some(false)) => fire!(Rule::IteConstCond, c),
                    (Some(false), Some(true)) => fire!(Rule::IteConstCond, tm.not(c)),
                    _ => {}
                }
            }
            if on(Rule::IteSame) && t == e {
                fire!(Rule::IteSame, t)
            }
            if on(Rule::IteNegCond) && matches!(tm.op(c), Op::Not) {
                let c0 = tm.arg(c, 0);
                fire!(Rule::IteNegCond, tm.ite(c0, e, t))
            }
            if on(Rule::IteCondAnd) {
                if matches!(tm.op(t), Op::And) {
                    let (p, q) = (tm.arg(t, 0), tm.arg(t, 1));
                    if p == c {
                        fire!(Rule::IteCondAnd, tm.ite(c, q, e))
                    }
                    if q == c {
                        fire!(Rule::IteCondAnd, tm.ite(c, p, e))
                    }
                }
                if matches!(tm.op(e), Op::Or) {
                    let (p, q) = (tm.arg(e, 0), tm.arg(e, 1));
                    if p == c {
                        fire!(Rule::IteCondAnd, tm.ite(c, t, q))
                    }
                    if q == c {
                        fire!(Rule::IteCondAnd, tm.ite(c, t, p))
                    }
                }
            }
        }
        Op::BvNot | Op::BvNeg
            if on(Rule::DoubleNegation) && tm.op(a) == op => {
                fire!(Rule::DoubleNegation, tm.arg(a, 0))
            }
        Op::BvAnd | Op::BvOr | Op::BvXor => {
            if a == b {
                if *op == Op::BvXor && on(Rule::SelfInverse) {
                    fire!(Rule::SelfInverse, tm.bv_u64(w, 0))
                }
                if *op != Op::BvXor && on(Rule::Idempotent) {
                    fire!(Rule::Idempotent, a)
                }
            }
            if let Some((x, c)) = const_side(tm) {
                let neutral = match op {
                    Op::BvAnd => c.is_ones(),
                    _ => c.is_zero(),
                };
                if neutral && on(Rule::BvNeutral) {
                    fire!(Rule::BvNeutral, x)
                }
                let absorbing = match op {
                    Op::BvAnd => c.is_zero(),
                    Op::BvOr => c.is_ones(),
                    _ => false,
                };
                if absorbing && on(Rule::BvAbsorb) {
                    fire!(Rule::BvAbsorb, tm.bv_const(c))
                }
            }
        }
        Op::BvAdd => {
            if on(Rule::AddMulFactor) && *tm.op(a) == Op::BvMul && *tm.op(b) == Op::BvMul {
                let (a0, a1, b0, b1) = (tm.arg(a, 0), tm.arg(a, 1), tm.arg(b, 0), tm.arg(b, 1));
                for (p, q, r, s2) in [(a0, a1, b0, b1), (a0, a1, b1, b0), (a1, a0, b0, b1), (a1, a0, b1, b0)] {
                    if p == r {
                        let sum = tm.bvadd(q, s2);
                        fire!(Rule::AddMulFactor, tm.bvmul(p, sum))
                    }
                }
            }
            if let Some((x, c)) = const_side(tm) {
                if c.is_zero() && on(Rule::BvNeutral) {
                    fire!(Rule::BvNeutral, x)
                }
                if on(Rule::AddConst) && matches!(tm.op(x), Op::BvAdd) {
                    let (p, q) = (tm.arg(x, 0), tm.arg(x, 1));
                    for (y, k) in [(p, q), (q, p)] {
                        if let Some(kv) = tm.bv_value(k).cloned() {
                            let s = tm.bv_const(kv.add(&c));
                            fire!(Rule::AddConst, tm.bvadd(y, s))
                        }
                    }
                }
            }
        }
        Op::BvSub => {
            if on(Rule::SelfInverse) && a == b {
                fire!(Rule::SelfInverse, tm.bv_u64(w, 0))
            }
            if let Some(c) = tm.bv_value(b).cloned() {
                if c.is_zero() && on(Rule::BvNeutral) {
                    fire!(Rule::BvNeutral, a)
                }
                if on(Rule::AddConst) {
                    let n = tm.bv_const(c.neg());
                    fire!(Rule::AddConst, tm.bvadd(a, n))
                }
            }
        }
        Op::BvMul => {
            if let Some((x, c)) = const_side(tm) {
                if c.is_one() && on(Rule::BvNeutral) {
                    fire!(Rule::BvNeutral, x)
                }
                if c.is_zero() && on(Rule::BvAbsorb) {
                    fire!(Rule::BvAbsorb, tm.bv_u64(w, 0))
                }
                if on(Rule::MulPow2) {
                    if c.is_ones() {
                        fire!(Rule::MulPow2, tm.bvneg(x))
                    }
                    if let Some(k) = c.power_of_two() {
                        if k > 0 {
                            let lo = tm.extract(x, w - 1 - k, 0);
                            let z = tm.bv_u64(k, 0);
                            fire!(Rule::MulPow2, tm.concat(lo, z))
                        }
                    }
                }
            }
        }
        Op::BvUdiv | Op::BvUrem => {
            if let Some(c) = tm.bv_value(b).cloned() {
                let is_div = *op == Op::BvUdiv;
                if c.is_one() {
                    if is_div && on(Rule::BvNeutral) {
                        fire!(Rule::BvNeutral, a)
                    }
                    if !is_div && on(Rule::BvAbsorb) {
                        fire!(Rule::BvAbsorb, tm.bv_u64(w, 0))
                    }
                }
                if on(Rule::DivPow2) {
                    if let Some(k) = c.power_of_two().filter(|&k| k > 0) {
                        if is_div {
                            let hi = tm.extract(a, w - 1, k);
                            fire!(Rule::DivPow2, tm.zero_extend(hi, k))
                        } else {
                            let lo = tm.extract(a, k - 1, 0);
                            fire!(Rule::DivPow2, tm.zero_extend(lo, w - k))
                        }
                    }
                }
            }
        }
        Op::BvShl | Op::BvLshr | Op::BvAshr => {
            if let Some(c) = tm.bv_value(b).cloned() {
                let k = c.shift_amount();
                if k == 0 && on(Rule::BvNeutral) {
                    fire!(Rule::BvNeutral, a)
                }
                if on(Rule::ShiftConst) && k > 0 {
                    let r = if k >= w {
                        match op {
                            Op::BvAshr => {
                                let s = tm.extract(a, w - 1, w - 1);
                                tm.sign_extend(s, w - 1)
                            }
                            _ => tm.bv_u64(w, 0),
                        }
                    } else {
                        match op {
                            Op::BvShl => {
                                let lo = tm.extract(a, w - 1 - k, 0);
                                let z = tm.bv_u64(k, 0);
                                tm.concat(lo, z)
                            }
                            Op::BvLshr => {
                                let hi = tm.extract(a, w - 1, k);
                                tm.zero_extend(hi, k)
                            }
                            _ => {
                                let hi = tm.extract(a, w - 1, k);
                                tm.sign_extend(hi, k)
                            }
                        }
                    };
                    fire!(Rule::ShiftConst, r)
                }
            }
            if on(Rule::BvAbsorb) && *op != Op::BvAshr && tm.bv_value(a).is_some_and(|v| v.is_zero()) {
                fire!(Rule::BvAbsorb, a)
            }
        }
        Op::Ult | Op::Slt => {
            if on(Rule::Reflexive) && a == b {
                fire!(Rule::Reflexive, tm.ff())
            }
            if on(Rule::CmpBounds) {
                if let Some(r) = cmp_bounds(tm, *op == Op::Slt, a, b) {
                    fire!(Rule::CmpBounds, r)
                }
            }
        }
        Op::Extract { hi, lo } => {
            let (hi, lo) = (*hi, *lo);
            if on(Rule::BvNeutral) && lo == 0 && hi + 1 == w {
                fire!(Rule::BvNeutral, a)
            }
            if on(Rule::ExtractSimplify) {
                match tm.op(a).clone() {
                    Op::Extract { lo: l2, .. } => {
                        let x = tm.arg(a, 0);
                        fire!(Rule::ExtractSimplify, tm.extract(x, hi + l2, lo + l2))
                    }
                    Op::Concat => {
                        let (h, l) = (tm.arg(a, 0), tm.arg(a, 1));
                        let lw = tm.width(l);
                        if hi < lw {
                            fire!(Rule::ExtractSimplify, tm.extract(l, hi, lo))
                        }
                        if lo >= lw {
                            fire!(Rule::ExtractSimplify, tm.extract(h, hi - lw, lo - lw))
                        }
                    }
                    _ => {}
                }
            }
        }
        Op::ZeroExt(0) | Op::SignExt(0)
            if on(Rule::BvNeutral) => {
                fire!(Rule::BvNeutral, a)
            }
        _ => {}
    }
    None
}

/// `a` and `b` cannot both hold: `x<y` with `y<x` or with `x=y` (same signedness).
fn contradictory(tm: &TermManager, a: TermId, b: TermId) -> bool {
    let lt_pair = |t: TermId| match tm.op(t) {
        Op::Ult | Op::Slt => Some((tm.op(t).clone(), tm.arg(t, 0), tm.arg(t, 1))),
        _ => None,
    };
    for (x, y) in [(a, b), (b, a)] {
        if let Some((op, p, q)) = lt_pair(x) {
            if let Some((op2, p2, q2)) = lt_pair(y) {
                if op == op2 && p == q2 && q == p2 {
                    return true;
                }
            }
            if matches!(tm.op(y), Op::Eq) {
                let (p2, q2) = (tm.arg(y, 0), tm.arg(y, 1));
                if (p == p2 && q == q2) || (p == q2 && q == p2) {
                    return true;
                }
            }
        }
    }
    false
}

/// Comparisons against the extreme values of the type.
fn cmp_bounds(tm: &mut TermManager, signed: bool, a: TermId, b: TermId) -> Option<TermId> {
    let w = tm.width(a);
    let (min, max) = if signed {
        (BitVecValue::min_signed(w), BitVecValue::max_signed(w))
    } else {
        (BitVecValue::zero(w), BitVecValue::ones(w))
    };
    let va = tm.bv_value(a).cloned();
    let vb = tm.bv_value(b).cloned();
    if let Some(c) = vb {
        if c == min {
            return Some(tm.ff()); // x < MIN
        }
        if c == max {
            let e = tm.eq(a, b); // x < MAX  ⇔  x ≠ MAX
            return Some(tm.not(e));
        }
        if c == min.add(&BitVecValue::one(w)) {
            let m = tm.bv_const(min); // x < MIN+1  ⇔  x = MIN
            return Some(tm.eq(a, m));
        }
    }
    if let Some(c) = va {
        if c == max {
            return Some(tm.ff()); // MAX < x
        }
        if c == min {
            let e = tm.eq(a, b); // MIN < x  ⇔  x ≠ MIN
            return Some(tm.not(e));
        }
    }
    None
}
