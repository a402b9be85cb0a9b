//! Candidate models from the intervals of single-input linear constraints (`[bv]
//! interval-models`): before a check goes to the SAT core, every root (assertion or assumption)
//! of the form `x + c ⋈ K` (`⋈` one of `<u`, `<s`, `=`, their negations and mirrored forms; `x`
//! a variable or a slice `(_ extract hi lo)` of one, at most 64 bits; `c`, `K` constants) is
//! read as the exact set of values of `x` that satisfy it, the sets of each `x` are intersected,
//! and a value of that intersection is put into the last model found. If the resulting
//! assignment satisfies every root by the evaluator's semantics ([`crate::eval`]), it is the
//! answer, without bit-blasting or SAT search.
//!
//! Why (issue #19, `bench/RESULTS-2.md`, tune6): the explicit engine's path condition of a
//! counting loop is `x + i <u C` for i = 0…k, and the check of the loop's exit branch has
//! exactly one solution (x = C − k − 1), which no earlier model satisfies. The SAT core finds it
//! by deciding all input bits and propagating through k adder-comparators at every such
//! check; the interval of each constraint is arithmetic on its constants. This is the
//! word-level bounds reasoning of Boolector's and Bitwuzla's propagation-based local search
//! (Niemetz, Preiner, Biere: inverse values of `bvadd` and `bvult`), restricted to the case
//! where the inverse is exact: one input, coefficient 1.
//!
//! Invariants:
//! - Soundness does not depend on the interval reasoning: the mechanism answers only
//!   *satisfiable*, and only with an assignment under which every root evaluates to true
//!   (the same check the model cache makes). Otherwise the check goes on to the SAT core, which
//!   alone answers `Unsat` and `Unknown`.
//! - Completeness of the candidate for the constraints it reads (tested exhaustively at 4 and
//!   5 bits): [`atom_set`] is exactly `{x | the atom holds}`, and [`IntervalSet`] operations are
//!   exact, so if the constraints on `x` are satisfiable the candidate value satisfies them.
//! - When no candidate works and `[bv] interval-bits` is on, [`IntervalModels::implied_bits`] gives the bits of each bounded
//!   slice that all of its values share (all of them when the set has one value); the solver
//!   assumes them before the SAT search. They follow from the roots because each set is exact,
//!   so the answer does not change; they let unit propagation fix the inputs of the circuits
//!   above (a multiplier of a variable the path condition pins to one value becomes constant).
//! - Variables (and bits outside the slices) that no constraint reads keep their value in the
//!   last model (0 when there is none), as a cached model's unmentioned variables read 0.
//! - With `[bv] interval-refute` ([`IntervalModels::refutation`]), a check is also answered
//!   `unsat` without the SAT core when the intervals show it, and then only: a slice whose
//!   roots leave no value (an empty intersection of exact sets), or a root that is false under
//!   the candidate and reads only variable bits the intervals pin to exactly one value (so it is
//!   false under every assignment of the roots bounding them; `refute`). The refutation names
//!   the roots it rests on; the solver reports those among the assumptions as the failed set.
//!   Why (tune8): SV-COMP's `sum01`/`sum02` check `sn == n·(n+1)/2` after a loop whose bounds
//!   pin `n`, and each such unsat check made the SAT core reason through a multiplier.

use std::collections::HashMap;

use crate::eval::{Evaluator, Value};
use crate::term::{Op, TermId, TermManager};
use crate::value::BitVecValue;

/// A set of integers in `[0, 2^w)`, `w ≤ 64`, as sorted, disjoint, inclusive intervals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntervalSet {
    w: u32,
    pieces: Vec<(u128, u128)>,
}

fn modulus(w: u32) -> u128 {
    1u128 << w
}

impl IntervalSet {
    pub fn full(w: u32) -> IntervalSet {
        IntervalSet { w, pieces: vec![(0, modulus(w) - 1)] }
    }

    /// The `len` values `start, start + 1, …` modulo `2^w` (`len ≤ 2^w`; 0 is the empty set).
    pub fn arc(w: u32, start: u128, len: u128) -> IntervalSet {
        let m = modulus(w);
        let start = start % m;
        if len == 0 {
            return IntervalSet { w, pieces: Vec::new() };
        }
        if len >= m {
            return IntervalSet::full(w);
        }
        let end = start + len - 1;
        let pieces = if end < m { vec![(start, end)] } else { vec![(0, end - m), (start, m - 1)] };
        IntervalSet { w, pieces }
    }

    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    pub fn contains(&self, v: u128) -> bool {
        self.pieces.iter().any(|&(a, b)| a <= v && v <= b)
    }

    /// The least element.
    pub fn first(&self) -> Option<u128> {
        self.pieces.first().map(|p| p.0)
    }

    /// The greatest element.
    pub fn last(&self) -> Option<u128> {
        self.pieces.last().map(|p| p.1)
    }

    /// The values not in the set.
    pub fn complement(&self) -> IntervalSet {
        let mut pieces = Vec::new();
        let mut next = 0u128;
        for &(a, b) in &self.pieces {
            if a > next {
                pieces.push((next, a - 1));
            }
            next = b + 1;
        }
        if next < modulus(self.w) {
            pieces.push((next, modulus(self.w) - 1));
        }
        IntervalSet { w: self.w, pieces }
    }

    pub fn intersect(&self, o: &IntervalSet) -> IntervalSet {
        debug_assert_eq!(self.w, o.w);
        let mut out = Vec::new();
        let (mut i, mut j) = (0, 0);
        while i < self.pieces.len() && j < o.pieces.len() {
            let (a, b) = self.pieces[i];
            let (c, d) = o.pieces[j];
            let (lo, hi) = (a.max(c), b.min(d));
            if lo <= hi {
                out.push((lo, hi));
            }
            if b < d {
                i += 1;
            } else {
                j += 1;
            }
        }
        IntervalSet { w: self.w, pieces: out }
    }
}

/// Bits `hi..=lo` of a variable.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Slice {
    pub var: TermId,
    pub hi: u32,
    pub lo: u32,
}

/// `t` as `slice + c` (mod 2^w), `c` < 2^w, if it has that form.
fn linear(tm: &TermManager, t: TermId, depth: u32) -> Option<(Slice, u128)> {
    let w = tm.width(t);
    if w == 0 || w > 64 || depth > 4 {
        return None;
    }
    let m = modulus(w);
    let konst = |u: TermId| tm.bv_value(u).map(|v| v.low_u64() as u128);
    match tm.op(t) {
        Op::Var(_) => Some((Slice { var: t, hi: w - 1, lo: 0 }, 0)),
        Op::Extract { hi, lo } if matches!(tm.op(tm.arg(t, 0)), Op::Var(_)) => {
            Some((Slice { var: tm.arg(t, 0), hi: *hi, lo: *lo }, 0))
        }
        Op::BvAdd if tm.args(t).len() == 2 => {
            let (a, b) = (tm.arg(t, 0), tm.arg(t, 1));
            let (k, rest) = match (konst(a), konst(b)) {
                (Some(k), None) => (k, b),
                (None, Some(k)) => (k, a),
                _ => return None,
            };
            let (s, c) = linear(tm, rest, depth + 1)?;
            Some((s, (c + k) % m))
        }
        Op::BvSub => {
            let k = konst(tm.arg(t, 1))?;
            let (s, c) = linear(tm, tm.arg(t, 0), depth + 1)?;
            Some((s, (c + m - k) % m))
        }
        _ => None,
    }
}

/// The exact set of values of a slice that make the Bool term `t` (negated if `!positive`)
/// true, when `t` is one of the forms of the module doc; `None` otherwise.
pub fn atom_set(tm: &TermManager, t: TermId, positive: bool) -> Option<(Slice, IntervalSet)> {
    let op = tm.op(t);
    if matches!(op, Op::Not) {
        return atom_set(tm, tm.arg(t, 0), !positive);
    }
    if !matches!(op, Op::Ult | Op::Slt | Op::Eq) {
        return None;
    }
    let (a, b) = (tm.arg(t, 0), tm.arg(t, 1));
    let w = match tm.sort(a) {
        crate::sort::Sort::BitVec(w) if w <= 64 => w,
        _ => return None,
    };
    let m = modulus(w);
    // Signed order is unsigned order after adding 2^(w-1) to both sides.
    let bias = if matches!(op, Op::Slt) { m / 2 } else { 0 };
    let konst = |u: TermId| tm.bv_value(u).map(|v| (v.low_u64() as u128 + bias) % m);
    let lin = |u: TermId| linear(tm, u, 0).map(|(s, c)| (s, (c + bias) % m));
    let (slice, set) = match (konst(a), konst(b)) {
        // x + c = k  ⇔  x = k − c.
        (Some(k), None) if matches!(op, Op::Eq) => {
            let (s, c) = lin(b)?;
            (s, IntervalSet::arc(w, k + m - c, 1))
        }
        (None, Some(k)) if matches!(op, Op::Eq) => {
            let (s, c) = lin(a)?;
            (s, IntervalSet::arc(w, k + m - c, 1))
        }
        // x + c < k  ⇔  x + c ∈ [0, k)  ⇔  x ∈ arc(−c, k).
        (None, Some(k)) => {
            let (s, c) = lin(a)?;
            (s, IntervalSet::arc(w, m - c, k))
        }
        // k < x + c  ⇔  x + c ∈ [k + 1, 2^w)  ⇔  x ∈ arc(k + 1 − c, 2^w − 1 − k).
        (Some(k), None) => {
            let (s, c) = lin(b)?;
            (s, IntervalSet::arc(w, k + 1 + m - c, m - 1 - k))
        }
        _ => return None,
    };
    Some((slice, if positive { set } else { set.complement() }))
}

/// The conjuncts of `t` (under `positive`) that [`atom_set`] reads, with their sets.
fn collect(tm: &TermManager, t: TermId, positive: bool, out: &mut Vec<(Slice, IntervalSet)>) {
    match tm.op(t) {
        Op::Not => collect(tm, tm.arg(t, 0), !positive, out),
        Op::And if positive => tm.args(t).iter().for_each(|&a| collect(tm, a, true, out)),
        Op::Or if !positive => tm.args(t).iter().for_each(|&a| collect(tm, a, false, out)),
        _ => out.extend(atom_set(tm, t, positive)),
    }
}

/// The most nodes [`refute`] walks in a root before it gives up.
const REFUTE_WALK: usize = 4096;

/// A refutation of `root`, which is false under `model`: when every variable bit `root` reads
/// is pinned, i.e. lies in a slice whose intersected set in `slices` has exactly one value, and
/// `model` gives every such slice that value, then `root` is false under *every* assignment
/// that satisfies the roots bounding those slices (each set is exactly the values the slice
/// takes in those assignments, and `root`'s value depends only on the pinned bits). Returns
/// `root` and those roots, or `None` (a bit read that is not pinned, a pinned slice the model
/// does not hold, a variable wider than 128 bits, or a root of more than [`REFUTE_WALK`] nodes).
fn refute(tm: &TermManager, root: TermId, slices: &[(Slice, IntervalSet, Vec<TermId>)], model: &HashMap<TermId, Value>) -> Option<Vec<TermId>> {
    // The pinned bits of each variable (a mask), checked against the model.
    let mut pinned: HashMap<TermId, (u128, Vec<TermId>)> = HashMap::new();
    for (s, set, sources) in slices {
        let (Some(v), Some(last)) = (set.first(), set.last()) else { continue };
        if v != last || tm.width(s.var) > 128 {
            continue;
        }
        // A variable the model does not mention reads 0, for the evaluator as here.
        let now = match model.get(&s.var) {
            Some(Value::Bv(cur)) => (0..=s.hi - s.lo).fold(0u128, |acc, i| acc | (u128::from(cur.bit(s.lo + i)) << i)),
            Some(Value::Bool(_)) => return None,
            None => 0,
        };
        if now != v {
            return None; // an overlapping slice moved the bits: no refutation here
        }
        let bits = (u128::MAX >> (127 - (s.hi - s.lo))) << s.lo;
        let e = pinned.entry(s.var).or_default();
        e.0 |= bits;
        e.1.extend(sources.iter().copied());
    }
    if pinned.is_empty() {
        return None;
    }
    let covered = |var: TermId, hi: u32, lo: u32| {
        let need = (u128::MAX >> (127 - (hi - lo))) << lo;
        pinned.get(&var).is_some_and(|(m, _)| m & need == need)
    };
    let mut used: Vec<TermId> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![root];
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        if seen.len() > REFUTE_WALK {
            return None;
        }
        let (var, hi, lo) = match tm.op(t) {
            Op::Var(_) => (t, tm.width(t) - 1, 0),
            Op::Extract { hi, lo } if matches!(tm.op(tm.arg(t, 0)), Op::Var(_)) => (tm.arg(t, 0), *hi, *lo),
            _ => {
                stack.extend_from_slice(tm.args(t));
                continue;
            }
        };
        if !tm.sort(var).is_bv() || tm.width(var) > 128 || !covered(var, hi, lo) {
            return None;
        }
        if !used.contains(&var) {
            used.push(var);
        }
    }
    let mut out = vec![root];
    for v in used {
        for &src in &pinned[&v].1 {
            if !out.contains(&src) {
                out.push(src);
            }
        }
    }
    Some(out)
}

/// The candidate-model builder; it remembers the sets of the roots it has read.
#[derive(Debug, Default)]
pub struct IntervalModels {
    sets: HashMap<TermId, Vec<(Slice, IntervalSet)>>,
    /// The intersected set of each slice in the last [`IntervalModels::find`], with the roots
    /// that bound it.
    last: Vec<(Slice, IntervalSet, Vec<TermId>)>,
    /// Checks answered by a candidate.
    pub hits: u64,
    /// Also look for refutations (`[bv] interval-refute`; see [`IntervalModels::refutation`]).
    pub refute: bool,
    /// The refutation the last [`IntervalModels::find`] found, if any.
    refuted: Option<Vec<TermId>>,
    /// Checks refuted.
    pub refutations: u64,
}

/// A bit of a variable that the roots imply: `var`'s bit `bit` is `value` in every assignment
/// that satisfies `sources` (a subset of the roots).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImpliedBit {
    pub var: TermId,
    pub bit: u32,
    pub value: bool,
    pub sources: Vec<TermId>,
}

impl IntervalModels {
    /// A model under which every one of `roots` (Bool terms) is true, built from `seed` (the
    /// last model) by the intervals of the module doc; `None` if there is none or the candidate
    /// fails.
    pub fn find(&mut self, tm: &TermManager, roots: &[TermId], seed: Option<&HashMap<TermId, Value>>) -> Option<HashMap<TermId, Value>> {
        self.refuted = None;
        let mut per_slice: Vec<(Slice, IntervalSet, Vec<TermId>)> = Vec::new();
        for &r in roots {
            let sets = self.sets.entry(r).or_insert_with(|| {
                let mut v = Vec::new();
                collect(tm, r, true, &mut v);
                v
            });
            for (s, set) in sets.iter() {
                match per_slice.iter_mut().find(|(q, _, _)| q == s) {
                    Some((_, acc, src)) => {
                        *acc = acc.intersect(set);
                        if src.last() != Some(&r) {
                            src.push(r);
                        }
                    }
                    None => per_slice.push((*s, set.clone(), vec![r])),
                }
            }
        }
        self.last = per_slice;
        let per_slice = &self.last;
        if per_slice.is_empty() {
            return None; // nothing to go by: the model cache covers the seed itself
        }
        let mut model: HashMap<TermId, Value> = seed.cloned().unwrap_or_default();
        for (s, set, sources) in per_slice {
            if set.is_empty() {
                // The roots that bound this slice exclude every value (each set is exact).
                if self.refute {
                    self.refuted = Some(sources.clone());
                    self.refutations += 1;
                }
                return None; // without refutations: left to the SAT core
            }
            let var_w = tm.width(s.var);
            let cur = match model.get(&s.var) {
                Some(Value::Bv(v)) if v.width() == var_w => v.clone(),
                _ => BitVecValue::zero(var_w),
            };
            let now = (0..=s.hi - s.lo).fold(0u128, |acc, i| acc | (u128::from(cur.bit(s.lo + i)) << i));
            if set.contains(now) {
                continue;
            }
            let v = set.first()?;
            let new = (0..=s.hi - s.lo).fold(cur, |acc, i| acc.with_bit(s.lo + i, (v >> i) & 1 == 1));
            model.insert(s.var, Value::Bv(new));
        }
        let mut ev = Evaluator::new(tm, model.iter().map(|(t, v)| (*t, v.clone())));
        if let Some(&r) = roots.iter().find(|&&r| ev.eval(r) != Value::Bool(true)) {
            if self.refute {
                self.refuted = refute(tm, r, &self.last, &model);
                self.refutations += u64::from(self.refuted.is_some());
            }
            return None;
        }
        self.hits += 1;
        Some(model)
    }

    /// After a [`IntervalModels::find`] that gave no model, with `refute` on: roots whose
    /// conjunction is unsatisfiable, when the intervals show it (a slice whose roots exclude
    /// every value, or a root that reads only bits the intervals pin to one value and is false
    /// under them). See [`refute`].
    pub fn refutation(&self) -> Option<&[TermId]> {
        self.refuted.as_deref()
    }

    /// The bits that the sets of the last [`IntervalModels::find`] fix: when a slice's values
    /// lie between `lo` and `hi`, the bits above the highest bit in which `lo` and `hi` differ
    /// are those of `lo` in every value (all bits when the set has one element). Sound because
    /// each set is exactly the slice's values that satisfy its sources.
    pub fn implied_bits(&self) -> Vec<ImpliedBit> {
        let mut out = Vec::new();
        for (s, set, sources) in &self.last {
            let (Some(lo), Some(hi)) = (set.first(), set.last()) else { continue };
            let differ = 128 - (lo ^ hi).leading_zeros(); // bits below this may vary
            for i in differ..=(s.hi - s.lo) {
                out.push(ImpliedBit { var: s.var, bit: s.lo + i, value: (lo >> i) & 1 == 1, sources: sources.clone() });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sort::Sort;

    /// Every atom shape, polarity and constant at 4 and 5 bits: the set is exactly the values
    /// of `x` (a variable, and a slice of a wider one) under which the atom evaluates to true.
    #[test]
    fn atom_sets_are_exact_at_small_widths() {
        for w in [4u32, 5] {
            let m = 1u64 << w;
            let mut tm = TermManager::with_rewrite_config(crate::RewriteConfig::none());
            let v = tm.var("x", Sort::BitVec(w));
            let wide = tm.var("y", Sort::BitVec(w + 3));
            let sl = tm.extract(wide, w + 1, 2);
            for base in [v, sl] {
                for c in 0..m {
                    let ct = tm.bv_u64(w, c);
                    let forms = [tm.bvadd(base, ct), tm.bvadd(ct, base), tm.bvsub(base, ct)];
                    for lin in forms {
                        for k in 0..m {
                            let kt = tm.bv_u64(w, k);
                            let atoms = [tm.ult(lin, kt), tm.ult(kt, lin), tm.slt(lin, kt), tm.slt(kt, lin), tm.eq(lin, kt), tm.eq(kt, lin)];
                            for atom in atoms {
                                for positive in [true, false] {
                                    let (s, set) = atom_set(&tm, atom, positive).expect("a linear atom");
                                    let var = if base == v { v } else { wide };
                                    assert_eq!(s.var, var);
                                    for x in 0..m {
                                        let full = if base == v { x } else { (x << 2) | 1 };
                                        let val = Value::Bv(BitVecValue::from_u64(tm.width(var), full));
                                        let got = Evaluator::new(&tm, [(var, val)]).eval(atom) == Value::Bool(positive);
                                        assert_eq!(set.contains(u128::from(x)), got, "w={w} c={c} k={k} x={x} {positive}");
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn intersection_is_exact() {
        let w = 4;
        for (s1, l1) in [(0u128, 0u128), (3, 5), (12, 7), (0, 16), (15, 1), (9, 15)] {
            for (s2, l2) in [(0u128, 3u128), (14, 4), (5, 11), (7, 16)] {
                let (a, b) = (IntervalSet::arc(w, s1, l1), IntervalSet::arc(w, s2, l2));
                let i = a.intersect(&b);
                for x in 0..16 {
                    assert_eq!(i.contains(x), a.contains(x) && b.contains(x));
                }
                assert_eq!(i.first(), (0..16).find(|&x| i.contains(x)));
            }
        }
    }

    #[test]
    fn finds_the_one_exit_value_of_a_counting_loop() {
        let mut tm = TermManager::new();
        let v = tm.var("v", Sort::BitVec(64));
        let x = tm.extract(v, 31, 0);
        let c = tm.bv_u64(32, 0x0fff_ffff);
        let mut roots = Vec::new();
        for i in 0..20 {
            let it = tm.bv_u64(32, i);
            let s = tm.bvadd(x, it);
            roots.push(tm.ult(s, c));
        }
        let it = tm.bv_u64(32, 20);
        let s = tm.bvadd(x, it);
        let exit = tm.ult(s, c);
        roots.push(tm.not(exit));
        let seed = HashMap::from([(v, Value::Bv(BitVecValue::from_u64(64, 0xabcd_0000_0000_0005)))]);
        let mut im = IntervalModels::default();
        let m = im.find(&tm, &roots, Some(&seed)).expect("one solution");
        // x + 19 < C and x + 20 ≥ C: x = C − 20; the bits above the slice are the seed's.
        assert_eq!(m[&v], Value::Bv(BitVecValue::from_u64(64, 0xabcd_0000_0fff_ffff - 20)));
        // Contradictory bounds: no candidate (the SAT core answers).
        let lo = tm.ult(x, c);
        let hi = tm.not(lo);
        assert!(im.find(&tm, &[lo, hi], None).is_none());
        assert_eq!(im.hits, 1);
    }

    /// Exhaustively at 5 bits over pairs of atoms: every implied bit holds in every value of
    /// the slice that satisfies both atoms, and with one value every bit is implied.
    /// Refutations at 4 bits, exhaustively over bounds and constants: a refutation is only
    /// given when no assignment satisfies the roots, and it is given whenever the bounds pin
    /// `x` (the slice of a wider variable) and a non-linear root over `x` is false there.
    #[test]
    fn refutations_are_unsatisfiable_and_found_when_pinned() {
        let w = 4u32;
        let mut tm = TermManager::with_rewrite_config(crate::RewriteConfig::none());
        let v = tm.var("v", Sort::BitVec(w + 2));
        let x = tm.extract(v, w, 1);
        let y = tm.var("y", Sort::BitVec(w));
        let (mut refuted, mut pinned_false) = (0, 0);
        for lo in 0..16u64 {
            for hi in lo..15u64 {
                let (kl, kh) = (tm.bv_u64(w, lo), tm.bv_u64(w, hi + 1));
                let below = tm.ult(x, kl);
                let ge = tm.not(below); // x ≥ lo
                let le = tm.ult(x, kh); // x ≤ hi
                for k in 0..16u64 {
                    let kt = tm.bv_u64(w, k);
                    let one = tm.bv_u64(w, 1);
                    let x1 = tm.bvadd(x, one);
                    let sq = tm.bvmul(x, x1);
                    let over_x = tm.eq(sq, kt);
                    let over_y = {
                        let p = tm.bvmul(x, y);
                        tm.eq(p, kt)
                    };
                    for nl in [over_x, over_y] {
                        let roots = [ge, le, nl];
                        let mut im = IntervalModels { refute: true, ..IntervalModels::default() };
                        let found = im.find(&tm, &roots, None);
                        let sat = (0..64u64).any(|vv| {
                            (0..16u64).any(|yy| {
                                let mut ev = Evaluator::new(&tm, [(v, Value::Bv(BitVecValue::from_u64(w + 2, vv))), (y, Value::Bv(BitVecValue::from_u64(w, yy)))]);
                                roots.iter().all(|&r| ev.eval(r) == Value::Bool(true))
                            })
                        });
                        if let Some(r) = im.refutation() {
                            assert!(!sat, "lo={lo} hi={hi} k={k}: refuted a satisfiable conjunction");
                            assert!(found.is_none() && r.contains(&nl));
                            refuted += 1;
                        }
                        let x_is_lo_fails = lo == hi && nl == over_x && (lo * (lo + 1)) % 16 != k;
                        if x_is_lo_fails {
                            assert!(im.refutation().is_some(), "lo={lo} k={k}: pinned and false, not refuted");
                            pinned_false += 1;
                        }
                        if nl == over_y {
                            assert!(im.refutation().is_none(), "y is not pinned");
                        }
                    }
                }
            }
        }
        assert!(refuted > 100 && pinned_false > 100, "{refuted} {pinned_false}");
        // An empty intersection is refuted by the roots that bound the slice.
        let k5 = tm.bv_u64(w, 5);
        let k9 = tm.bv_u64(w, 9);
        let (a, b) = (tm.ult(x, k5), tm.eq(x, k9));
        let mut im = IntervalModels { refute: true, ..IntervalModels::default() };
        assert!(im.find(&tm, &[a, b], None).is_none());
        assert_eq!(im.refutation(), Some(&[a, b][..]));
        assert_eq!(im.refutations, 1);
    }

    #[test]
    fn implied_bits_hold_in_every_solution() {
        let w = 5u32;
        let mut tm = TermManager::with_rewrite_config(crate::RewriteConfig::none());
        let x = tm.var("x", Sort::BitVec(w));
        // A contradiction outside the intervals makes every candidate fail.
        let flag = tm.var("b", Sort::Bool);
        let nb = tm.not(flag);
        let ks: Vec<TermId> = (0..32).map(|k| tm.bv_u64(w, k)).collect();
        let mut checked = 0;
        for a in (0..32).step_by(3) {
            for b in (1..32).step_by(5) {
                let three = tm.bv_u64(w, 3);
                let s = tm.bvadd(x, three);
                let r1 = tm.ult(ks[a], s);
                let r2 = tm.ult(x, ks[b]);
                let mut im = IntervalModels::default();
                assert!(im.find(&tm, &[r1, r2, flag, nb], None).is_none());
                let sols: Vec<u64> = (0..32u64)
                    .filter(|&v| {
                        let mut ev = Evaluator::new(&tm, [(x, Value::Bv(BitVecValue::from_u64(w, v)))]);
                        ev.eval(r1) == Value::Bool(true) && ev.eval(r2) == Value::Bool(true)
                    })
                    .collect();
                let bits = im.implied_bits();
                for ib in &bits {
                    assert_eq!(ib.var, x);
                    assert!(ib.sources.contains(&r1) || ib.sources.contains(&r2));
                    for &v in &sols {
                        assert_eq!((v >> ib.bit) & 1 == 1, ib.value, "a={a} b={b} v={v}");
                    }
                    checked += 1;
                }
                if sols.len() == 1 {
                    assert_eq!(bits.len(), w as usize);
                }
            }
        }
        assert!(checked > 20);
    }
}
