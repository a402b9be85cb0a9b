//! [`Rule::EqCancel`](super::Rule::EqCancel) (off by default): an equality of two sums drops
//! the summands both sides share, `(= (a + b) (a + c)) = (= b c)`.
//!
//! Why (issue #19, tune8): a recursive `addition(m, n)` returns `m + k` on the path that
//! recursed k times, and the check of `result == m + n` is `(= (m + n) (m + k))`; without the
//! common `m` it is `n = k`, an atom the interval models ([`crate::interval_models`]) read, and
//! the SAT core no longer needs two adders.
//!
//! Soundness: bit-vectors of one width with `bvadd` are the group of integers modulo 2^w, so
//! `x = y ⇔ x − s = y − s` for every `s`; subtracting a summand of both sides removes it.
//! Invariants of the parent module: same sort, and the result has fewer summands than the
//! equality had (so rewriting terminates); the sums are flattened through `bvadd` only, at most
//! [`MAX_LEAVES`] summands per side.

use crate::term::{Op, TermId, TermManager};

/// Most summands looked at per side; a longer sum is left as it is.
const MAX_LEAVES: usize = 32;

/// The summands of `t` (itself when it is not a `bvadd`), or `None` beyond [`MAX_LEAVES`].
fn summands(tm: &TermManager, t: TermId) -> Option<Vec<TermId>> {
    let mut out = Vec::new();
    let mut stack = vec![t];
    while let Some(u) = stack.pop() {
        if *tm.op(u) == Op::BvAdd {
            stack.extend_from_slice(tm.args(u));
        } else {
            out.push(u);
        }
        if out.len() + stack.len() > MAX_LEAVES {
            return None;
        }
    }
    Some(out)
}

/// The sum of `ts` (0 when empty).
fn sum(tm: &mut TermManager, w: u32, ts: &[TermId]) -> TermId {
    let mut it = ts.iter().copied();
    let Some(first) = it.next() else { return tm.bv_u64(w, 0) };
    it.fold(first, |acc, t| tm.bvadd(acc, t))
}

pub(super) fn eq_cancel(tm: &mut TermManager, args: &[TermId]) -> Option<TermId> {
    let (a, b) = (args[0], args[1]);
    if !tm.sort(a).is_bv() || (*tm.op(a) != Op::BvAdd && *tm.op(b) != Op::BvAdd) {
        return None;
    }
    let (mut sa, mut sb) = (summands(tm, a)?, summands(tm, b)?);
    let mut removed = false;
    let mut i = 0;
    while i < sa.len() {
        if let Some(j) = sb.iter().position(|&t| t == sa[i]) {
            sb.swap_remove(j);
            sa.swap_remove(i);
            removed = true;
        } else {
            i += 1;
        }
    }
    if !removed {
        return None;
    }
    let w = tm.width(a);
    let (x, y) = (sum(tm, w, &sa), sum(tm, w, &sb));
    Some(tm.eq(x, y))
}
