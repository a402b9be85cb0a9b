//! The two normal-form rules of the rewriter, [`Rule::MulNormalize`](super::Rule::MulNormalize) and [`Rule::AddNormalize`](super::Rule::AddNormalize):
//! they walk a whole `bvmul` or `bvadd` chain (at most [`AC_MAX_LEAVES`] leaves) where every
//! other rule looks at one operator. The invariants of the parent module hold: each result is
//! equivalent for every assignment, of the same sort, and no larger than the chain it replaces.

use super::{const_side, operands};
use crate::term::{Op, TermId, TermManager};
use crate::value::BitVecValue;

/// Most leaves [`ac_normal_form`] flattens; a longer chain is left as it was built, which bounds
/// the work per term.
const AC_MAX_LEAVES: usize = 32;

/// [`Rule::MulNormalize`](super::Rule::MulNormalize): the normal form of a chain of the associative and commutative
/// operator `op` (`bvmul`).
///
/// The *leaves* of a chain are the operands reached by descending through `op` nodes. In the
/// normal form, with `{x, y}` meaning either operand order (that is [`Rule::CommutativeOrder`](super::Rule::CommutativeOrder)'s
/// business) and `f1 ≤ … ≤ fn` the non-constant leaves sorted by term id:
/// `N(f1) = f1`, `N(f1..fk) = op{N(f1..fk-1), fk}`, and the whole term is `N(f1..fn)`, or
/// `op{c, N(f1..fn)}` when there were constant leaves, `c` being all of them combined. Equal
/// multisets of leaves thus give one hash-consed node, whatever the bracketing and order.
///
/// Soundness: `bvmul` is associative and commutative on bit-vectors of one width (it is the
/// product of the ring of integers modulo 2^w), so every bracketing and order of one multiset
/// of factors denotes the same value; combining the constants first is one such order.
///
/// Termination: the rule fires only when `op(args)` is not in normal form and builds exactly the
/// normal form, each of whose `op` nodes is in normal form, so it does not fire on its own
/// result; the other rules on `op` only remove the constant or replace the top node.
///
/// Size: the rule gives up when the chain has more than [`AC_MAX_LEAVES`] leaves, and when the
/// normal form would have more `op` nodes than the chain has distinct ones: flattening a chain
/// that shares subterms (`t = x*x; t*t`: four leaves, two nodes) would multiply the multipliers
/// the blaster builds. So the result is never larger than the chain, and the work per firing is
/// linear in the number of leaves (plus sorting them).
pub(super) fn ac_normal_form(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    if is_ac_normal(tm, op, args) {
        return None;
    }
    let (leaves, nodes) = ac_leaves(tm, op, args)?;
    let mut constant: Option<BitVecValue> = None;
    let mut factors = Vec::with_capacity(leaves.len());
    for leaf in leaves {
        match (tm.bv_value(leaf), constant.take()) {
            (Some(v), None) => constant = Some(v.clone()),
            (Some(v), Some(c)) => constant = Some(ac_combine(op, &c, v)?),
            (None, c) => {
                constant = c;
                factors.push(leaf);
            }
        }
    }
    factors.sort_unstable();
    let normal_nodes = factors.len().saturating_sub(1) + usize::from(constant.is_some() && !factors.is_empty());
    if normal_nodes > nodes {
        return None;
    }
    let chain = factors.into_iter().reduce(|n, f| tm.app(op.clone(), &[n, f]));
    let constant = constant.map(|c| tm.bv_const(c));
    match (constant, chain) {
        (Some(c), Some(n)) => Some(tm.app(op.clone(), &[c, n])),
        (c, n) => c.or(n),
    }
}

/// The value of the constants `a op b` for the operators [`ac_normal_form`] handles.
fn ac_combine(op: &Op, a: &BitVecValue, b: &BitVecValue) -> Option<BitVecValue> {
    match op {
        Op::BvMul => Some(a.mul(b)),
        Op::BvAdd => Some(a.add(b)),
        _ => None,
    }
}

/// Whether `op(args)` is in the normal form of [`ac_normal_form`]. Walks the chain's spine once.
fn is_ac_normal(tm: &TermManager, op: &Op, args: &[TermId]) -> bool {
    sorted_chain_leaves(tm, op, args).is_some()
}

/// The non-constant leaves of `op(args)`, largest first, if it has the *shape* of the normal
/// form: at most one constant, as an operand of the top node, and a chain `N(f1..fk)` whose
/// leaves are sorted (equal leaves allowed). Walks the chain's spine once.
fn sorted_chain_leaves(tm: &TermManager, op: &Op, args: &[TermId]) -> Option<Vec<TermId>> {
    let (mut x, mut y) = operands(args);
    match (tm.is_const(x), tm.is_const(y)) {
        (true, true) => return None,
        (true, false) | (false, true) => {
            let chain = if tm.is_const(x) { y } else { x };
            if tm.op(chain) != op {
                return Some(vec![chain]);
            }
            (x, y) = (tm.arg(chain, 0), tm.arg(chain, 1));
        }
        (false, false) => {}
    }
    let mut leaves: Vec<TermId> = Vec::new();
    let fits = |t: TermId, leaves: &[TermId]| !tm.is_const(t) && leaves.last().is_none_or(|&b| t <= b);
    loop {
        let (spine, leaf) = match (tm.op(x) == op, tm.op(y) == op) {
            (true, true) => return None,
            (false, false) => {
                let (hi, lo) = if x >= y { (x, y) } else { (y, x) };
                return (fits(hi, &leaves) && fits(lo, &leaves)).then(|| {
                    leaves.extend([hi, lo]);
                    leaves
                });
            }
            (true, false) => (x, y),
            (false, true) => (y, x),
        };
        if !fits(leaf, &leaves) {
            return None;
        }
        leaves.push(leaf);
        (x, y) = (tm.arg(spine, 0), tm.arg(spine, 1));
    }
}

/// [`Rule::AddNormalize`](super::Rule::AddNormalize): the normal form of a `bvadd` chain as a linear combination.
///
/// Every non-constant leaf of the chain (see [`ac_leaves`]) is read as `k·t` by [`summand`];
/// summands with the same base `t` are merged (`k1·t + k2·t = (k1+k2)·t`), those with
/// coefficient 0 dropped, and the rest rebuilt as `k*t` (so the multiplication rules apply:
/// `1*t = t`, `2^j*t` a shift, `-1*t = -t`). The result has the shape of [`ac_normal_form`]'s
/// normal form over these summands (sorted by term id, constants combined at the top, a zero
/// constant left to [`Rule::BvNeutral`](super::Rule::BvNeutral)), and no two of its summands have the same base.
///
/// Soundness: `bvadd` is associative and commutative and `bvmul` distributes over it modulo
/// 2^w, so regrouping the summands and collecting coefficients keeps the value.
///
/// Termination: the rule fires only when the chain is not in that form and builds that form;
/// if rebuilding a summand changes how it decomposes (say `-(3*x)` becomes `(-3)*x`), the
/// summands are merged again, which only ever removes summands. [`Rule::AddMulFactor`](super::Rule::AddMulFactor) may
/// still factor two summands of the result (`3x + 3y = 3(x+y)`), which makes a product.
///
/// Size: as [`ac_normal_form`], at most [`AC_MAX_LEAVES`] leaves and never more `bvadd` nodes
/// than the chain had; a multiplication by a constant is only made where summands merged.
pub(super) fn sum_normal_form(tm: &mut TermManager, args: &[TermId]) -> Option<TermId> {
    let add = Op::BvAdd;
    if is_sum_normal(tm, args) {
        return None;
    }
    let (leaves, nodes) = ac_leaves(tm, &add, args)?;
    let mut constant = BitVecValue::zero(tm.width(args[0]));
    let mut summands = Vec::with_capacity(leaves.len());
    for leaf in leaves {
        match tm.bv_value(leaf) {
            Some(v) => constant = constant.add(v),
            None => summands.push(leaf),
        }
    }
    loop {
        let mut terms: Vec<(TermId, BitVecValue)> = summands.iter().map(|&s| summand(tm, s)).collect();
        terms.sort_by_key(|&(base, _)| base);
        let mut merged: Vec<(TermId, BitVecValue)> = Vec::with_capacity(terms.len());
        for (base, k) in terms {
            match merged.last_mut() {
                Some((b, sum)) if *b == base => *sum = sum.add(&k),
                _ => merged.push((base, k)),
            }
        }
        summands.clear();
        for (base, k) in merged.into_iter().filter(|(_, k)| !k.is_zero()) {
            let s = if k.is_one() {
                base
            } else {
                let k = tm.bv_const(k);
                tm.bvmul(k, base)
            };
            match tm.bv_value(s) {
                Some(v) => constant = constant.add(v),
                None => summands.push(s),
            }
        }
        if distinct_bases(tm, &summands) {
            break;
        }
    }
    summands.sort_unstable();
    let normal_nodes = summands.len().saturating_sub(1) + usize::from(!constant.is_zero() && !summands.is_empty());
    if normal_nodes > nodes {
        return None;
    }
    let chain = summands.into_iter().reduce(|n, s| tm.app(add.clone(), &[n, s]));
    let constant = tm.bv_const(constant);
    Some(match chain {
        Some(n) if tm.bv_value(constant).is_some_and(|c| c.is_zero()) => n,
        Some(n) => tm.app(add, &[constant, n]),
        None => constant,
    })
}

/// Whether `bvadd(args)` is in the normal form of [`sum_normal_form`]: sorted, no summand twice,
/// no two summands with the same base.
fn is_sum_normal(tm: &TermManager, args: &[TermId]) -> bool {
    sorted_chain_leaves(tm, &Op::BvAdd, args)
        .is_some_and(|leaves| leaves.windows(2).all(|p| p[0] != p[1]) && distinct_bases(tm, &leaves))
}

/// Whether no two of `summands` have the same base (see [`summand`]).
fn distinct_bases(tm: &TermManager, summands: &[TermId]) -> bool {
    let mut bases: Vec<TermId> = summands.iter().map(|&s| summand(tm, s).0).collect();
    bases.sort_unstable();
    bases.windows(2).all(|p| p[0] != p[1])
}

/// A non-constant summand `t` as `(t', k)` with `t = k·t'`: `k*x` and `x*k` give `(x, k)`,
/// `concat(x[w-1-j:0], 0^j)` (what [`Rule::MulPow2`](super::Rule::MulPow2) makes of `x*2^j`) gives `(x, 2^j)`, `-s`
/// gives `s`'s decomposition with the coefficient negated, anything else `(t, 1)`.
fn summand(tm: &TermManager, t: TermId) -> (TermId, BitVecValue) {
    if *tm.op(t) == Op::BvNeg {
        let (base, k) = scaled(tm, tm.arg(t, 0));
        return (base, k.neg());
    }
    scaled(tm, t)
}

/// `(x, k)` for `t = k*x`, `x*k` or the shift `concat(x[w-1-j:0], 0^j)` (`k = 2^j`), else `(t, 1)`.
fn scaled(tm: &TermManager, t: TermId) -> (TermId, BitVecValue) {
    let w = tm.width(t);
    match tm.op(t) {
        Op::BvMul => {
            if let Some((x, k)) = const_side(tm, tm.args(t)) {
                if !tm.is_const(x) {
                    return (x, k);
                }
            }
        }
        Op::Concat => {
            let (hi, lo) = (tm.arg(t, 0), tm.arg(t, 1));
            let j = tm.width(lo);
            if tm.bv_value(lo).is_some_and(|z| z.is_zero()) && *tm.op(hi) == (Op::Extract { hi: w - 1 - j, lo: 0 }) {
                let x = tm.arg(hi, 0);
                if tm.width(x) == w {
                    return (x, BitVecValue::one(w).shl_by(j));
                }
            }
        }
        _ => {}
    }
    (t, BitVecValue::one(w))
}

/// The leaves of the chain `op(args)` (descending through `op` nodes, shared ones as often as
/// they occur) and the number of distinct `op` nodes in it, counting the top one; `None` if
/// there are more than [`AC_MAX_LEAVES`] leaves.
fn ac_leaves(tm: &TermManager, op: &Op, args: &[TermId]) -> Option<(Vec<TermId>, usize)> {
    let mut leaves = Vec::new();
    let mut nodes: Vec<TermId> = Vec::new();
    let mut stack: Vec<TermId> = args.iter().rev().copied().collect();
    while let Some(t) = stack.pop() {
        if tm.op(t) == op {
            if !nodes.contains(&t) {
                nodes.push(t);
            }
            stack.extend([tm.arg(t, 1), tm.arg(t, 0)]);
        } else {
            leaves.push(t);
            if leaves.len() > AC_MAX_LEAVES {
                return None;
            }
        }
    }
    Some((leaves, 1 + nodes.len()))
}

