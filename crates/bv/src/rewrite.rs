//! The local rewriter applied as terms are built (Babić thesis §5.1.1: constant folding,
//! constant collection, simple deduction, redundancy elimination, strength reduction).
//!
//! Invariants:
//! - Each rule looks only at one operator and its operands (at most one level deeper; the two
//!   normal-form rules [`Rule::MulNormalize`] and [`Rule::AddNormalize`] walk a whole `bvmul` or
//!   `bvadd` chain of at most 32 leaves) and returns a term *equivalent for every
//!   assignment* to `op(args)` and of the same sort.
//! - Every rule is a named [`Rule`]; a [`RewriteConfig`] can switch each one off, so tests can
//!   build the unrewritten term, and the manager counts how often each rule fired.
//! - Results are built through `TermManager::app`, i.e. rewritten again; every rule makes the
//!   term strictly smaller or moves it to a normal form no rule undoes, so this terminates.

use crate::term::{Op, TermId, TermManager};
use crate::value::BitVecValue;

mod cancel;
mod div_const;
mod normal_form;
mod slices;
use normal_form::{ac_normal_form, sum_normal_form};

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
    /// `x<~0 ⇔ x≠~0`, and the signed analogues with MIN/MAX; and at the bound of a zero
    /// extension: `c<zext(x)=false` and `zext(x)<d=true` when `c ≥ ~0` and `d > ~0` of `x`'s
    /// width (a `_Bool` read of a stored comparison: `1 <u zext(b)`).
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
    /// Normal form of products: a nested `bvmul` chain becomes `c * (((f1*f2)*f3)*…*fn)` with
    /// all constant factors folded into `c` and the other factors `f1 ≤ … ≤ fn` sorted by term
    /// id, so `(a*b)*c` and `a*(c*b)` are one node (see [`ac_normal_form`]).
    MulNormalize,
    /// Normal form of sums as linear combinations: a nested `bvadd` chain becomes
    /// `c + ((k1*t1 + k2*t2) + … + kn*tn)` with the constants folded into `c`, the summands with
    /// the same base `t` merged by adding their coefficients, zero ones dropped, and the summands
    /// sorted by term id (see [`sum_normal_form`]).
    AddNormalize,
    /// `(= a b) = false` when the low bits the syntax fixes ([`crate::low_bits`]) differ:
    /// `4x − 2y + z = 2^20` with `x`, `y`, `z` multiples of 2^20. Off by default.
    EqLowBits,
    /// `(= (concat h l) K) = (and (= h K_hi) (= l K_lo))`. Off by default.
    EqConcatConst,
    /// `(= (zero_extend n a) K) = (= a K_lo)` or false, likewise for `sign_extend`. Off by default.
    EqExtendConst,
    /// `ext(b)[hi:lo]` = `b[hi:lo]`, `ext(b[w-1:lo])` or 0, for zero and sign extensions. Off by default.
    ExtractExtend,
    /// `(= (a + b) (a + c)) = (= b c)`: summands both sides share cancel. Off by default.
    EqCancel,
    /// `(x/c) <u k = x <u c·k` and `k <u (x/c) = ¬(x <u c·(k+1))`, or the constant the
    /// comparison has when the product overflows (unsigned, `c ≠ 0`; see [`div_const`]).
    CmpDivConst,
    /// `(x%c) <u k = true` when `c ≤ k`, `k <u (x%c) = false` when `c−1 ≤ k` (unsigned,
    /// `c ≠ 0`; see [`div_const`]).
    CmpRemConst,
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
        Rule::MulNormalize,
        Rule::AddNormalize,
        Rule::EqLowBits,
        Rule::EqConcatConst,
        Rule::EqExtendConst,
        Rule::ExtractExtend,
        Rule::EqCancel,
        Rule::CmpDivConst,
        Rule::CmpRemConst,
    ];

    /// The rules a default [`RewriteConfig`] leaves off (turned on by `[bv.rewrite]`).
    pub const OFF_BY_DEFAULT: &'static [Rule] = &[Rule::EqLowBits, Rule::EqConcatConst, Rule::EqExtendConst, Rule::ExtractExtend, Rule::EqCancel];

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
            Rule::MulNormalize => "mul-normalize",
            Rule::AddNormalize => "add-normalize",
            Rule::EqLowBits => "eq-low-bits",
            Rule::EqConcatConst => "eq-concat-const",
            Rule::EqExtendConst => "eq-extend-const",
            Rule::ExtractExtend => "extract-extend",
            Rule::EqCancel => "eq-cancel",
            Rule::CmpDivConst => "cmp-div-const",
            Rule::CmpRemConst => "cmp-rem-const",
        }
    }

    pub fn from_name(s: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|r| r.name() == s)
    }
}

/// Which rules are enabled. Default: all but [`Rule::OFF_BY_DEFAULT`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RewriteConfig {
    disabled: u64,
}

impl Default for RewriteConfig {
    fn default() -> Self {
        RewriteConfig { disabled: Rule::OFF_BY_DEFAULT.iter().fold(0, |d, &r| d | 1u64 << r as u32) }
    }
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
    let rules = std::iter::once(Rule::ConstFold).chain(rules_for(op).iter().copied());
    for rule in rules {
        if cfg.enabled(rule) {
            if let Some(t) = apply(rule, tm, op, args) {
                tm.count_rule(rule);
                return Some(t);
            }
        }
    }
    None
}

/// The rules that can fire on `op`, in the order they are tried (the first that fires wins).
/// [`Rule::ConstFold`] is tried first on every operator.
fn rules_for(op: &Op) -> &'static [Rule] {
    use Rule::*;
    match op {
        Op::Not | Op::BvNot | Op::BvNeg => &[DoubleNegation],
        Op::And | Op::Or => &[BoolNeutral, BoolAbsorb, Idempotent, BoolComplement, CmpContradiction],
        Op::Xor => &[BoolNeutral, BoolComplement, SelfInverse],
        Op::Eq => &[Reflexive, BoolNeutral, BoolComplement, EqSolve, EqLowBits, EqConcatConst, EqExtendConst, EqCancel],
        Op::Ite => &[IteConstCond, IteSame, IteNegCond, IteCondAnd],
        Op::BvAnd | Op::BvOr => &[Idempotent, BvNeutral, BvAbsorb],
        Op::BvXor => &[SelfInverse, BvNeutral],
        Op::BvAdd => &[AddNormalize, AddMulFactor, BvNeutral, AddConst],
        Op::BvSub => &[SelfInverse, BvNeutral, AddConst],
        Op::BvMul => &[MulNormalize, BvNeutral, BvAbsorb, MulPow2],
        Op::BvUdiv | Op::BvUrem => &[BvNeutral, BvAbsorb, DivPow2],
        Op::BvShl | Op::BvLshr | Op::BvAshr => &[BvNeutral, ShiftConst, BvAbsorb],
        Op::Ult => &[Reflexive, CmpBounds, CmpDivConst, CmpRemConst],
        Op::Slt => &[Reflexive, CmpBounds],
        Op::Extract { .. } => &[BvNeutral, ExtractSimplify, ExtractExtend],
        Op::ZeroExt(0) | Op::SignExt(0) => &[BvNeutral],
        _ => &[],
    }
}

/// Applies one rule to `op(args)` (whether it is enabled is the caller's business).
fn apply(rule: Rule, tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    match rule {
        Rule::CommutativeOrder => None, // applied by the term manager before hash-consing
        Rule::ConstFold => const_fold(tm, op, args),
        Rule::BoolNeutral => bool_neutral(tm, op, args),
        Rule::BoolAbsorb => bool_absorb(tm, op, args),
        Rule::BoolComplement => bool_complement(tm, op, args),
        Rule::Idempotent => idempotent(op, args),
        Rule::SelfInverse => self_inverse(tm, op, args),
        Rule::Reflexive => reflexive(tm, op, args),
        Rule::DoubleNegation => double_negation(tm, op, args),
        Rule::BvNeutral => bv_neutral(tm, op, args),
        Rule::BvAbsorb => bv_absorb(tm, op, args),
        Rule::IteConstCond => ite_const_cond(tm, args),
        Rule::IteSame => ite_same(args),
        Rule::IteCondAnd => ite_cond_and(tm, args),
        Rule::IteNegCond => ite_neg_cond(tm, args),
        Rule::AddConst => add_const(tm, op, args),
        Rule::EqSolve => eq_solve(tm, args),
        Rule::CmpContradiction => (op == &Op::And && contradictory(tm, args[0], args[1])).then(|| tm.ff()),
        Rule::CmpBounds => cmp_bounds(tm, *op == Op::Slt, args[0], args[1]),
        Rule::MulPow2 => mul_pow2(tm, args),
        Rule::DivPow2 => div_pow2(tm, op, args),
        Rule::ShiftConst => shift_const(tm, op, args),
        Rule::ExtractSimplify => extract_simplify(tm, op, args),
        Rule::AddMulFactor => add_mul_factor(tm, args),
        Rule::MulNormalize => ac_normal_form(tm, &Op::BvMul, args),
        Rule::AddNormalize => sum_normal_form(tm, args),
        Rule::EqLowBits => tm.low_bits(args[0]).conflicts(tm.low_bits(args[1])).then(|| tm.ff()),
        Rule::EqConcatConst => slices::eq_concat_const(tm, args),
        Rule::EqExtendConst => slices::eq_extend_const(tm, args),
        Rule::ExtractExtend => slices::extract_extend(tm, op, args),
        Rule::EqCancel => cancel::eq_cancel(tm, args),
        Rule::CmpDivConst => div_const::cmp_div_const(tm, args),
        Rule::CmpRemConst => div_const::cmp_rem_const(tm, args),
    }
}

/// The two operands of a binary operator (`b = a` for a unary one).
fn operands(args: &[TermId]) -> (TermId, TermId) {
    (args[0], args.get(1).copied().unwrap_or(args[0]))
}

/// The operand of a binary operator whose two operands are the same term.
fn same_operands(args: &[TermId]) -> Option<TermId> {
    let (a, b) = operands(args);
    (a == b).then_some(a)
}

/// A constant operand of a binary operator, if any, with the other operand (for commutative
/// operators: the second operand is looked at first).
fn const_side(tm: &TermManager, args: &[TermId]) -> Option<(TermId, BitVecValue)> {
    let (a, b) = operands(args);
    if let Some(v) = tm.bv_value(b) {
        Some((a, v.clone()))
    } else {
        tm.bv_value(a).map(|v| (b, v.clone()))
    }
}

/// `(y, k)` when `x` is `y + k` or `k + y` with a constant `k` (the second operand is looked at
/// first as the constant).
fn sum_with_constant(tm: &TermManager, x: TermId) -> Option<(TermId, BitVecValue)> {
    if !matches!(tm.op(x), Op::BvAdd) {
        return None;
    }
    let (p, q) = (tm.arg(x, 0), tm.arg(x, 1));
    [(p, q), (q, p)].into_iter().find_map(|(y, k)| tm.bv_value(k).map(|kv| (y, kv.clone())))
}

/// Whether one of `x`, `y` is the Boolean negation of the other.
fn is_not_of(tm: &TermManager, x: TermId, y: TermId) -> bool {
    (matches!(tm.op(x), Op::Not) && tm.arg(x, 0) == y) || (matches!(tm.op(y), Op::Not) && tm.arg(y, 0) == x)
}

/// [`Rule::ConstFold`]: all operands constant — evaluate.
fn const_fold(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    if !args.iter().all(|&a| tm.is_const(a)) {
        return None;
    }
    let vals: Vec<crate::eval::Value> = args
        .iter()
        .map(|&a| match tm.op(a) {
            Op::BoolConst(b) => crate::eval::Value::Bool(*b),
            Op::BvConst(v) => crate::eval::Value::Bv(v.clone()),
            _ => unreachable!(),
        })
        .collect();
    let refs: Vec<&crate::eval::Value> = vals.iter().collect();
    match crate::eval::apply(op, &refs)? {
        crate::eval::Value::Bool(b) => Some(tm.bool_const(b)),
        crate::eval::Value::Bv(v) => Some(tm.bv_const(v)),
    }
}

/// [`Rule::BoolNeutral`]: `and(true,x)=x`, `or(false,x)=x`, `xor(false,x)=x`, `(= x true)=x`.
fn bool_neutral(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    let neutral = match op {
        Op::And | Op::Eq => true,
        Op::Or | Op::Xor => false,
        _ => return None,
    };
    let (a, b) = operands(args);
    [(a, b), (b, a)].into_iter().find(|&(x, _)| tm.bool_value(x) == Some(neutral)).map(|(_, y)| y)
}

/// [`Rule::BoolAbsorb`]: `and(false,x)=false`, `or(true,x)=true`.
fn bool_absorb(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    let absorbing = match op {
        Op::And => false,
        Op::Or => true,
        _ => return None,
    };
    let (a, b) = operands(args);
    [a, b].into_iter().find(|&x| tm.bool_value(x) == Some(absorbing))
}

/// [`Rule::BoolComplement`]: `and(x,¬x)=false`, `or(x,¬x)=true`, `xor(x,¬x)=true`,
/// `xor(x,true)=¬x`, `(= x false)=¬x`.
fn bool_complement(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    let (a, b) = operands(args);
    let negating = match op {
        Op::Xor => Some(true),
        Op::Eq => Some(false),
        _ => None,
    };
    if let Some(c) = negating {
        if let Some((_, y)) = [(a, b), (b, a)].into_iter().find(|&(x, _)| tm.bool_value(x) == Some(c)) {
            return Some(tm.not(y));
        }
    }
    match op {
        Op::And | Op::Or | Op::Xor if is_not_of(tm, a, b) => Some(tm.bool_const(*op != Op::And)),
        _ => None,
    }
}

/// [`Rule::Idempotent`]: `x∧x=x`, `x∨x=x`, `x&x=x`, `x|x=x`.
fn idempotent(op: &Op, args: &[TermId]) -> Option<TermId> {
    same_operands(args).filter(|_| matches!(op, Op::And | Op::Or | Op::BvAnd | Op::BvOr))
}

/// [`Rule::SelfInverse`]: `x⊕x=0`, `x-x=0`.
fn self_inverse(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    let a = same_operands(args)?;
    match op {
        Op::Xor => Some(tm.ff()),
        Op::BvXor | Op::BvSub => {
            let w = tm.width(a);
            Some(tm.bv_u64(w, 0))
        }
        _ => None,
    }
}

/// [`Rule::Reflexive`]: `(= x x)=true`, `x<x=false` (unsigned and signed).
fn reflexive(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    same_operands(args)?;
    match op {
        Op::Eq => Some(tm.tt()),
        Op::Ult | Op::Slt => Some(tm.ff()),
        _ => None,
    }
}

/// [`Rule::DoubleNegation`]: `¬¬x=x`, `~~x=x`, `-(-x)=x`.
fn double_negation(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    let a = args[0];
    (matches!(op, Op::Not | Op::BvNot | Op::BvNeg) && tm.op(a) == op).then(|| tm.arg(a, 0))
}

/// [`Rule::BvNeutral`]: `x+0`, `x-0`, `x*1`, `x&~0`, `x|0`, `x^0`, shifts by 0, `x/1`, extensions
/// by 0, full-width extract: all equal `x`.
fn bv_neutral(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    let a = args[0];
    let w = tm.width(a);
    let right_const = || tm.bv_value(operands(args).1);
    match op {
        Op::BvAnd | Op::BvOr | Op::BvXor | Op::BvAdd | Op::BvMul => {
            let (x, c) = const_side(tm, args)?;
            let neutral = match op {
                Op::BvAnd => c.is_ones(),
                Op::BvMul => c.is_one(),
                _ => c.is_zero(),
            };
            neutral.then_some(x)
        }
        Op::BvSub => right_const()?.is_zero().then_some(a),
        Op::BvUdiv => right_const()?.is_one().then_some(a),
        Op::BvShl | Op::BvLshr | Op::BvAshr => (right_const()?.shift_amount() == 0).then_some(a),
        Op::Extract { hi, lo } => (*lo == 0 && hi + 1 == w).then_some(a),
        Op::ZeroExt(0) | Op::SignExt(0) => Some(a),
        _ => None,
    }
}

/// [`Rule::BvAbsorb`]: `x*0=0`, `x&0=0`, `x|~0=~0`, `x%1=0`, `0<<x=0`, `0>>x=0`.
fn bv_absorb(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    let (a, b) = operands(args);
    let w = tm.width(a);
    match op {
        Op::BvAnd | Op::BvOr => {
            let (_, c) = const_side(tm, args)?;
            let absorbing = if *op == Op::BvAnd { c.is_zero() } else { c.is_ones() };
            absorbing.then(|| tm.bv_const(c))
        }
        Op::BvMul => const_side(tm, args)?.1.is_zero().then(|| tm.bv_u64(w, 0)),
        Op::BvUrem => tm.bv_value(b)?.is_one().then(|| tm.bv_u64(w, 0)),
        Op::BvShl | Op::BvLshr => tm.bv_value(a).is_some_and(|v| v.is_zero()).then_some(a),
        _ => None,
    }
}

/// [`Rule::IteConstCond`]: `ite(true,a,b)=a`, `ite(false,a,b)=b`, `ite(c,true,false)=c`,
/// `ite(c,false,true)=¬c`.
fn ite_const_cond(tm: &mut TermManager, args: &[TermId]) -> Option<TermId> {
    let (c, t, e) = (args[0], args[1], args[2]);
    if let Some(v) = tm.bool_value(c) {
        return Some(if v { t } else { e });
    }
    match (tm.bool_value(t), tm.bool_value(e)) {
        (Some(true), Some(false)) => Some(c),
        (Some(false), Some(true)) => Some(tm.not(c)),
        _ => None,
    }
}

/// [`Rule::IteSame`]: `ite(c,a,a)=a`.
fn ite_same(args: &[TermId]) -> Option<TermId> {
    (args[1] == args[2]).then_some(args[1])
}

/// [`Rule::IteNegCond`]: `ite(¬c, a, b) = ite(c, b, a)`.
fn ite_neg_cond(tm: &mut TermManager, args: &[TermId]) -> Option<TermId> {
    let (c, t, e) = (args[0], args[1], args[2]);
    if !matches!(tm.op(c), Op::Not) {
        return None;
    }
    let c0 = tm.arg(c, 0);
    Some(tm.ite(c0, e, t))
}

/// [`Rule::IteCondAnd`]: `ite(c, c∧a, b) = ite(c, a, b)` and `ite(c, a, c∨b) = ite(c, a, b)`.
fn ite_cond_and(tm: &mut TermManager, args: &[TermId]) -> Option<TermId> {
    let (c, t, e) = (args[0], args[1], args[2]);
    if let Some(a) = other_operand(tm, t, Op::And, c) {
        return Some(tm.ite(c, a, e));
    }
    let b = other_operand(tm, e, Op::Or, c)?;
    Some(tm.ite(c, t, b))
}

/// `x` when `t` is `op(c, x)` or `op(x, c)` (the first operand is compared with `c` first).
fn other_operand(tm: &TermManager, t: TermId, op: Op, c: TermId) -> Option<TermId> {
    if *tm.op(t) != op {
        return None;
    }
    let (p, q) = (tm.arg(t, 0), tm.arg(t, 1));
    if p == c {
        Some(q)
    } else if q == c {
        Some(p)
    } else {
        None
    }
}

/// [`Rule::AddConst`]: constant collection, `(x+c1)+c2 = x+(c1+c2)`, `x-c = x+(-c)`.
fn add_const(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    match op {
        Op::BvAdd => {
            let (x, c) = const_side(tm, args)?;
            let (y, k) = sum_with_constant(tm, x)?;
            let s = tm.bv_const(k.add(&c));
            Some(tm.bvadd(y, s))
        }
        Op::BvSub => {
            let c = tm.bv_value(args[1]).cloned()?;
            let n = tm.bv_const(c.neg());
            Some(tm.bvadd(args[0], n))
        }
        _ => None,
    }
}

/// [`Rule::EqSolve`]: simple deduction, `(= (x+c1) c2) = (= x c2-c1)`, `(= ~x c) = (= x ~c)`.
fn eq_solve(tm: &mut TermManager, args: &[TermId]) -> Option<TermId> {
    let (x, c) = const_side(tm, args)?;
    match tm.op(x).clone() {
        Op::BvAdd => {
            let (y, k) = sum_with_constant(tm, x)?;
            let r = tm.bv_const(c.sub(&k));
            Some(tm.eq(y, r))
        }
        Op::BvNot => {
            let y = tm.arg(x, 0);
            let r = tm.bv_const(c.not());
            Some(tm.eq(y, r))
        }
        _ => None,
    }
}

/// [`Rule::MulPow2`]: strength reduction, `x*2^k = concat(x[w-1-k:0], 0^k)`, `x*~0 = -x`.
fn mul_pow2(tm: &mut TermManager, args: &[TermId]) -> Option<TermId> {
    let w = tm.width(args[0]);
    let (x, c) = const_side(tm, args)?;
    if c.is_ones() {
        return Some(tm.bvneg(x));
    }
    let k = c.power_of_two().filter(|&k| k > 0)?;
    let lo = tm.extract(x, w - 1 - k, 0);
    let z = tm.bv_u64(k, 0);
    Some(tm.concat(lo, z))
}

/// [`Rule::DivPow2`]: strength reduction, `x/2^k = zext(x[w-1:k])`, `x%2^k = zext(x[k-1:0])`.
fn div_pow2(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    let (a, b) = operands(args);
    let w = tm.width(a);
    let k = tm.bv_value(b)?.power_of_two().filter(|&k| k > 0)?;
    if *op == Op::BvUdiv {
        let hi = tm.extract(a, w - 1, k);
        Some(tm.zero_extend(hi, k))
    } else {
        let lo = tm.extract(a, k - 1, 0);
        Some(tm.zero_extend(lo, w - k))
    }
}

/// [`Rule::ShiftConst`]: shifts by a constant become extract/concat/extension.
fn shift_const(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    let (a, b) = operands(args);
    let w = tm.width(a);
    let k = tm.bv_value(b)?.shift_amount();
    if k == 0 {
        return None;
    }
    Some(if k >= w {
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
    })
}

/// [`Rule::ExtractSimplify`]: `concat(a,b)[i:j]` inside one half, and
/// `x[i:j][k:l] = x[k+j:l+j]`.
fn extract_simplify(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    let Op::Extract { hi, lo } = *op else { return None };
    let a = args[0];
    match tm.op(a).clone() {
        Op::Extract { lo: l2, .. } => {
            let x = tm.arg(a, 0);
            Some(tm.extract(x, hi + l2, lo + l2))
        }
        Op::Concat => {
            let (h, l) = (tm.arg(a, 0), tm.arg(a, 1));
            let lw = tm.width(l);
            if hi < lw {
                return Some(tm.extract(l, hi, lo));
            }
            if lo >= lw {
                return Some(tm.extract(h, hi - lw, lo - lw));
            }
            None
        }
        _ => None,
    }
}

/// [`Rule::AddMulFactor`]: redundancy elimination by factoring a common multiplicand,
/// `a*b + a*c = a*(b+c)`.
fn add_mul_factor(tm: &mut TermManager, args: &[TermId]) -> Option<TermId> {
    let (a, b) = operands(args);
    if *tm.op(a) != Op::BvMul || *tm.op(b) != Op::BvMul {
        return None;
    }
    let (a0, a1, b0, b1) = (tm.arg(a, 0), tm.arg(a, 1), tm.arg(b, 0), tm.arg(b, 1));
    for (p, q, r, s2) in [(a0, a1, b0, b1), (a0, a1, b1, b0), (a1, a0, b0, b1), (a1, a0, b1, b0)] {
        if p == r {
            let sum = tm.bvadd(q, s2);
            return Some(tm.bvmul(p, sum));
        }
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
    if !signed {
        if let Some(t) = against_zext_bound(tm, a, b, va.as_ref(), vb.as_ref()) {
            return Some(t);
        }
    }
    if let Some(c) = vb {
        // x < MIN is false, x < MAX is x ≠ MAX.
        if let Some(t) = strict_against_extreme(tm, a, b, &c, &min, &max) {
            return Some(t);
        }
        if c == min.add(&BitVecValue::one(w)) {
            let m = tm.bv_const(min); // x < MIN+1  ⇔  x = MIN
            return Some(tm.eq(a, m));
        }
    }
    // MAX < x is false, MIN < x is x ≠ MIN.
    strict_against_extreme(tm, a, b, &va?, &max, &min)
}

/// `a <u b` where one side is a constant and the other a zero extension whose largest value
/// (all ones in the extended operand's width) decides the comparison.
fn against_zext_bound(tm: &mut TermManager, a: TermId, b: TermId, va: Option<&BitVecValue>, vb: Option<&BitVecValue>) -> Option<TermId> {
    let zext_max = |tm: &TermManager, t: TermId| match tm.op(t) {
        Op::ZeroExt(n) if *n > 0 => Some(BitVecValue::ones(tm.width(tm.arg(t, 0))).zero_extend(*n)),
        _ => None,
    };
    if let (Some(c), Some(max)) = (va, zext_max(tm, b)) {
        // c < zext(x) is false when no value of x exceeds c.
        if !c.ult(&max) {
            return Some(tm.ff());
        }
    }
    if let (Some(max), Some(d)) = (zext_max(tm, a), vb) {
        // zext(x) < d is true when every value of x is below d.
        if max.ult(d) {
            return Some(tm.tt());
        }
    }
    None
}

/// A strict comparison `a < b` one of whose operands is the constant `c`, when `c` is
/// `never` (the extreme no value lies beyond on the other side: false) or `all_but` (the
/// opposite extreme: every value but `c` qualifies, so `a ≠ b`).
fn strict_against_extreme(
    tm: &mut TermManager,
    a: TermId,
    b: TermId,
    c: &BitVecValue,
    never: &BitVecValue,
    all_but: &BitVecValue,
) -> Option<TermId> {
    if c == never {
        Some(tm.ff())
    } else if c == all_but {
        let e = tm.eq(a, b);
        Some(tm.not(e))
    } else {
        None
    }
}
