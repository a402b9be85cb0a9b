//! The precondition of one block step, `Pre(T) = {s | ∃s'∈T. s→s'}` (Gulavani et al. 2006, §3):
//! [`exists`] eliminates the step's inputs from a formula over the pre-state and the inputs.
//!
//! Elimination, in order: closed groups by the solver, a Skolem term from the group's bounds,
//! a finite case split over the values the group's input-only conjuncts allow.
//!
//! Invariant: the result either equals the quantified formula (exact) or over-approximates it
//! (a mixed group of conjuncts dropped), and says which; it never under-approximates, so a
//! region split on it never loses states.

use super::*;

/// Splits a Bool term into its top-level conjuncts.
pub fn conjuncts(tm: &TermManager, t: TermId, out: &mut Vec<TermId>) {
    let mut stack = vec![t];
    let mut seen = HashSet::new();
    while let Some(x) = stack.pop() {
        if !seen.insert(x) {
            continue;
        }
        if matches!(tm.op(x), Op::And) {
            stack.extend(tm.args(x).iter().rev().copied());
        } else if tm.bool_value(x) != Some(true) {
            out.push(x);
        }
    }
}

/// `∃ quantified. t`, exactly when possible (see the module doc). Returns (term, exact).
/// `state_vars` are the variables that must stay free.
pub fn exists(
    tm: &mut TermManager,
    solver: &mut Solver,
    t: TermId,
    state_vars: &HashSet<TermId>,
    solver_calls: &mut u64,
) -> (TermId, bool) {
    let mut cs = Vec::new();
    conjuncts(tm, t, &mut cs);
    let vars: Vec<HashSet<TermId>> = cs.iter().map(|&c| free_vars(tm, c)).collect();
    // Union-find over conjuncts connected by shared quantified variables.
    let n = cs.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(p: &mut [usize], mut i: usize) -> usize {
        while p[i] != i {
            p[i] = p[p[i]];
            i = p[i];
        }
        i
    }
    let mut owner: HashMap<TermId, usize> = HashMap::new();
    for (i, vs) in vars.iter().enumerate() {
        for v in vs {
            if state_vars.contains(v) {
                continue;
            }
            if let Some(&j) = owner.get(v) {
                let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                parent[a] = b;
            } else {
                owner.insert(*v, i);
            }
        }
    }
    let mut groups: HashMap<usize, Vec<usize>> = HashMap::new();
    for i in 0..n {
        let r = find(&mut parent, i);
        groups.entry(r).or_default().push(i);
    }
    let mut keep = tm.tt();
    let mut exact = true;
    let mut keys: Vec<usize> = groups.keys().copied().collect();
    keys.sort_unstable();
    for k in keys {
        let g = &groups[&k];
        let has_q = g.iter().any(|&i| vars[i].iter().any(|v| !state_vars.contains(v)));
        let has_s = g.iter().any(|&i| vars[i].iter().any(|v| state_vars.contains(v)));
        let mut conj = tm.tt();
        for &i in g {
            conj = tm.and(conj, cs[i]);
        }
        if !has_q {
            keep = tm.and(keep, conj);
        } else if !has_s {
            *solver_calls += 1;
            match solver.check_assuming(tm, &[conj]) {
                Ok(vigil_bv::CheckResult::Unsat) => return (tm.ff(), true),
                Ok(vigil_bv::CheckResult::Sat) => {}
                _ => exact = false,
            }
        } else {
            let qs: HashSet<TermId> =
                g.iter().flat_map(|&i| vars[i].iter().copied()).filter(|v| !state_vars.contains(v)).collect();
            let closed: Vec<TermId> = g.iter().filter(|&&i| vars[i].iter().all(|v| !state_vars.contains(v))).map(|&i| cs[i]).collect();
            match skolem(tm, solver, conj, &qs, solver_calls).or_else(|| finite_split(tm, solver, conj, &closed, &qs, solver_calls)) {
                Some(e) => keep = tm.and(keep, e),
                None => exact = false,
            }
        }
    }
    (keep, exact)
}

/// The most values [`finite_split`] enumerates.
pub const MAX_SPLIT_VALUES: usize = 64;

/// Exact elimination of the quantified variables `qs` from `g` by a case split over their
/// values, when the conjuncts of `g` over `qs` alone (`closed`) leave at most
/// [`MAX_SPLIT_VALUES`] of them: `∃qs. g ≡ ⋁_k g[qs := c_k]`. This is what an input used as an
/// array index needs (`j = nondet(); if (0 <= j && j < 10) … a[j] …`): each case reads one
/// cell. The values are enumerated by the solver, each model blocked in turn.
fn finite_split(tm: &mut TermManager, solver: &mut Solver, g: TermId, closed: &[TermId], qs: &HashSet<TermId>, calls: &mut u64) -> Option<TermId> {
    if closed.is_empty() {
        return None;
    }
    let mut qv: Vec<TermId> = qs.iter().copied().collect();
    qv.sort_unstable();
    if qv.iter().any(|&v| !matches!(tm.sort(v), vigil_bv::Sort::BitVec(w) if w <= 64)) {
        return None;
    }
    let mut assumptions = closed.to_vec();
    let mut out = tm.ff();
    for _ in 0..=MAX_SPLIT_VALUES {
        *calls += 1;
        match solver.check_assuming(tm, &assumptions) {
            Ok(vigil_bv::CheckResult::Unsat) => return Some(out),
            Ok(vigil_bv::CheckResult::Sat) => {}
            _ => return None,
        }
        let mut map = HashMap::new();
        let mut same = tm.tt();
        for &v in &qv {
            let val = solver.value(tm, v).ok()?.as_bv()?.low_u64();
            let c = tm.bv_u64(tm.width(v), val);
            map.insert(v, c);
            let e = tm.eq(v, c);
            same = tm.and(same, e);
        }
        let case = subst(tm, g, &map, &mut HashMap::new());
        out = tm.or(out, case);
        let other = tm.not(same);
        assumptions.push(other);
    }
    None
}

/// Exact elimination of one quantified variable `v` from `g` by a Skolem term guessed from
/// the comparisons in `g`: for an atom `v ⋈ e` (or `e ⋈ v`) with `e` free of `v`, the terms
/// `e`, `e + 1`, `e - 1` are tried, and `t` is taken when the solver shows
/// `g(v) ∧ ¬g(t)` unsatisfiable, i.e. `∃v. g(v) ≡ g(t)`. (A `x = nondet(); if (x > y)` step has
/// the witness `y + 1`.) When no single term is a witness everywhere, the disjunction over
/// the guesses is tried the same way, `∃v. g(v) ≡ ⋁_t g(t)`: a call's output constrained
/// by several summaries, each giving its value under its own precondition, has a witness per
/// case. None when `g` has several quantified variables or no guess works.
pub(super) fn skolem(tm: &mut TermManager, solver: &mut Solver, g: TermId, qs: &HashSet<TermId>, calls: &mut u64) -> Option<TermId> {
    if qs.len() != 1 {
        return None;
    }
    let v = *qs.iter().next()?;
    let w = tm.width(v);
    // Candidate terms from the atoms of g.
    let mut cands: Vec<TermId> = Vec::new();
    let mut stack = vec![g];
    let mut seen = HashSet::new();
    while let Some(x) = stack.pop() {
        if !seen.insert(x) {
            continue;
        }
        if matches!(tm.op(x), Op::Slt | Op::Ult | Op::Eq) {
            let (a, b) = (tm.arg(x, 0), tm.arg(x, 1));
            for (side, other) in [(a, b), (b, a)] {
                if side == v && tm.sort(other) == tm.sort(v) && !free_vars(tm, other).contains(&v) {
                    cands.push(other);
                }
            }
        }
        stack.extend(tm.args(x).iter().copied());
    }
    let one = tm.bv_u64(w, 1);
    let mut tried = HashSet::new();
    let mut cases = Vec::new();
    for e in cands.into_iter().take(8) {
        let up = tm.bvadd(e, one);
        let down = tm.bvsub(e, one);
        for t in [e, up, down] {
            if !tried.insert(t) {
                continue;
            }
            let map: HashMap<TermId, TermId> = [(v, t)].into_iter().collect();
            let gt = subst(tm, g, &map, &mut HashMap::new());
            let ngt = tm.not(gt);
            *calls += 1;
            if let Ok(vigil_bv::CheckResult::Unsat) = solver.check_assuming(tm, &[g, ngt]) {
                return Some(gt);
            }
            cases.push(gt);
        }
    }
    if cases.len() < 2 {
        return None;
    }
    let mut any = tm.ff();
    for c in cases {
        any = tm.or(any, c);
    }
    let none = tm.not(any);
    *calls += 1;
    match solver.check_assuming(tm, &[g, none]) {
        Ok(vigil_bv::CheckResult::Unsat) => Some(any),
        _ => None,
    }
}
