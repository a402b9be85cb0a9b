//! Structural abstraction and refinement (Babić, thesis 2008, §4.2.2–4.2.3, Algorithms 3–5).
//!
//! A verification condition is checked with every summary operator as an unconstrained
//! variable. If the solver finds a falsifying assignment, [`pick`] walks the formula from its
//! root and returns one summary operator on a path that explains the assignment, skipping
//! operands whose value is the operator's *absorptive element* (false for ∧, true for ∨, 0 for
//! bit-wise and and ×, all-ones for bit-wise or; for `ite` only the condition and the taken arm
//! are relevant — the thesis' Algorithm 5; ⇒ is ∨ of a negation in our DAG, so its rules are
//! the ∨ rules). The operator is expanded by asserting `op = definition` into the *same*
//! incremental solver, and the check repeats. The loop ends when the VC is valid, or when the
//! walk finds no unexpanded operator: the assignment no longer depends on any abstraction, and
//! the VC is a bug candidate.
//!
//! Unlike the thesis, a round may expand more than one operator: the walk returns the operators
//! that explain the assignment nearest the root first, and round *r* expands the first
//! min(2^r, `refine_batch`) of them. A VC whose proof needs hundreds of expansions then needs
//! tens of solver calls, not hundreds (the SystemC `token_ring.08` VC: 2,393 calls and 19 s with
//! one operator a round; 2.4 s with up to 16); a VC that one expansion settles still costs one.
//!
//! Invariants: expansions only add constraints (monotone refinement), so an `Unsat` answer at any
//! iteration is a proof of the VC in the fully expanded model; a candidate's model satisfies all
//! expansions made so far.
//!
//! With [`Options::dump_vcs`], every solver call is also written as a stand-alone SMT-LIB 2
//! QF_BV script (`vcNNNNNN.smt2`: the expansions asserted so far and the negated VC, then
//! `check-sat`), written after the call with its answer as the `; expect:` header; `vigil smt`
//! answers the script the same. The classes of `vigil tune` are built from them. With
//! [`Options::dump_sessions`], each refiner's whole session (its assertions and checks in order)
//! is written as one script (`vigil_bv::session_log`).

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use vigil_bv::{CheckResult, Op, Solver, TermId, Value};

use crate::term_space::TermSpace;
use crate::Options;
use vigil_ir::unknown::{Cause, Unknown};

/// The answer for one VC.
pub enum VcAnswer {
    /// `bad` is unsatisfiable: the VC holds.
    Valid,
    /// A falsifying assignment that no unexpanded summary explains; the refiner's solver holds
    /// its model until the next check.
    Candidate,
    /// The budget ran out (expansion limit, deadline, interrupt, or a solver error).
    Unknown(Unknown),
}

/// Counters of one or more checks.
#[derive(Clone, Debug, Default)]
pub struct CheckStats {
    pub solver_calls: usize,
    pub expansions: usize,
    pub solver_time: Duration,
}

/// Incremental structural-abstraction checks. Expansions assert `op = definition`, which holds
/// in every execution, so a refiner could serve several VCs; the analysis nevertheless uses one
/// per VC, since every satisfiable answer of a shared solver must assign all earlier circuits.
pub struct Refiner {
    pub solver: Solver,
    pub expanded: HashSet<TermId>,
    /// The expansion equalities asserted, in order (what a dumped query asserts besides `bad`).
    asserted: Vec<TermId>,
    dump: Option<std::path::PathBuf>,
}

/// Numbers the dumped queries of this process (several refiners, and threads, share a directory).
static DUMPED: AtomicU64 = AtomicU64::new(0);
/// Numbers the dumped sessions of this process.
static SESSIONS: AtomicU64 = AtomicU64::new(0);

impl std::fmt::Debug for Refiner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Refiner({} expanded)", self.expanded.len())
    }
}

impl Refiner {
    pub fn new(opts: &Options) -> Refiner {
        let mut solver = Solver::with_config(opts.solver.clone());
        solver.set_deadline(opts.deadline);
        solver.set_conflict_limit(opts.vc_conflict_limit);
        if let Some(f) = &opts.interrupt {
            solver.set_interrupt(f.clone());
        }
        if let Some(dir) = &opts.dump_sessions {
            let n = SESSIONS.fetch_add(1, Ordering::Relaxed) + 1;
            let origin = "the solver session of one verification condition of vigil's static engine";
            solver.record_session(&dir.join(format!("static-{n:06}.smt2")), origin);
        }
        Refiner { solver, expanded: HashSet::new(), asserted: Vec::new(), dump: opts.dump_vcs.clone() }
    }

    /// Writes the query `asserted ∧ bad` and its answer to the dump directory.
    fn dump_query(&self, w: &TermSpace, bad: TermId, r: &Result<CheckResult, String>) {
        let Some(dir) = &self.dump else { return };
        let mut roots = self.asserted.clone();
        roots.push(bad);
        let n = DUMPED.fetch_add(1, Ordering::Relaxed) + 1;
        let answer = r.as_ref().ok().copied().unwrap_or(CheckResult::Unknown);
        let origin = "a verification condition of vigil's static engine (negated, with the summary expansions so far)";
        vigil_bv::smtlib::printer::dump_query(dir, &format!("vc{n:06}.smt2"), &w.tm, &roots, answer, origin);
    }

    fn solve(&mut self, w: &TermSpace, bad: TermId, st: &mut CheckStats) -> Result<CheckResult, String> {
        let t0 = Instant::now();
        let r = self.solver.check_assuming(&w.tm, &[bad]).map_err(|e| e.to_string());
        st.solver_time += t0.elapsed();
        st.solver_calls += 1;
        self.dump_query(w, bad, &r);
        r
    }

    fn expand(&mut self, w: &mut TermSpace, s: TermId) -> Result<(), String> {
        let d = w.definition(s).ok_or("summary without definition")?;
        let e = w.tm.eq(s, d);
        self.solver.assert(&w.tm, e).map_err(|e| e.to_string())?;
        self.asserted.push(e);
        self.expanded.insert(s);
        w.note_expansion(s);
        Ok(())
    }

    /// Algorithm 3: check `bad` (the negated VC) under structural abstraction.
    pub fn check(&mut self, w: &mut TermSpace, bad: TermId, opts: &Options, st: &mut CheckStats) -> VcAnswer {
        if bad == w.tm.ff() {
            return VcAnswer::Valid;
        }
        let mut local = 0usize;
        // Operators expanded in this round: 1, 2, 4, … up to `opts.refine_batch`.
        let mut batch = 1usize;
        loop {
            match self.solve(w, bad, st) {
                Err(e) => return VcAnswer::Unknown(Unknown::new(Cause::Bug, e)),
                Ok(CheckResult::Unsat) => return VcAnswer::Valid,
                Ok(CheckResult::Unknown) => return VcAnswer::Unknown(Unknown::new(Cause::SolverLimit, "solver budget")),
                Ok(CheckResult::Sat) => {}
            }
            let nodes = cone(w, bad, &self.expanded);
            let vals = match self.solver.values(&w.tm, &nodes) {
                Ok(v) => v,
                Err(e) => return VcAnswer::Unknown(Unknown::new(Cause::Bug, e.to_string())),
            };
            let val = |t: TermId| -> Option<&Value> { nodes.binary_search(&t).ok().map(|i| &vals[i]) };
            let picked = pick(w, bad, &self.expanded, val, batch);
            batch = batch.saturating_mul(2).min(opts.refine_batch.max(1));
            if !picked.is_empty() {
                for s in picked {
                    if local >= opts.summary_expand_limit {
                        return VcAnswer::Unknown(Unknown::new(Cause::SolverLimit, "summary expansion limit"));
                    }
                    if let Err(e) = self.expand(w, s) {
                        return VcAnswer::Unknown(Unknown::new(Cause::Bug, e));
                    }
                    local += 1;
                    st.expansions += 1;
                }
                continue;
            }
            // Concretise: expand every summary in the cone so the model is a real
            // execution of the unrolled program (inputs of unexpanded callees included),
            // then re-check. An Unsat here means the candidate was spurious.
            loop {
                let c = cone(w, bad, &self.expanded);
                let todo: Vec<TermId> =
                    c.into_iter().filter(|&t| w.is_summary(t) && !self.expanded.contains(&t)).collect();
                if todo.is_empty() {
                    break;
                }
                for s in todo {
                    if local >= opts.summary_expand_limit.saturating_mul(4) {
                        return VcAnswer::Unknown(Unknown::new(Cause::SolverLimit, "summary expansion limit while concretising"));
                    }
                    if let Err(e) = self.expand(w, s) {
                        return VcAnswer::Unknown(Unknown::new(Cause::Bug, e));
                    }
                    local += 1;
                    st.expansions += 1;
                }
            }
            return match self.solve(w, bad, st) {
                Err(e) => VcAnswer::Unknown(Unknown::new(Cause::Bug, e)),
                Ok(CheckResult::Unsat) => VcAnswer::Valid,
                Ok(CheckResult::Unknown) => VcAnswer::Unknown(Unknown::new(Cause::SolverLimit, "solver budget")),
                Ok(CheckResult::Sat) => VcAnswer::Candidate,
            };
        }
    }
}

/// The cone of `root`: every node reachable through arguments and through the definitions of
/// expanded summaries, sorted by id.
pub fn cone(w: &mut TermSpace, root: TermId, expanded: &HashSet<TermId>) -> Vec<TermId> {
    let mut seen = HashSet::new();
    let mut stack = vec![root];
    while let Some(x) = stack.pop() {
        if !seen.insert(x) {
            continue;
        }
        if expanded.contains(&x) {
            if let Some(d) = w.definition(x) {
                stack.push(d);
            }
        }
        stack.extend_from_slice(w.tm.args(x));
    }
    let mut v: Vec<TermId> = seen.into_iter().collect();
    v.sort_unstable();
    v
}

/// Algorithms 4 and 5: up to `limit` unexpanded summary operators on paths from `root` that
/// explain the current assignment (`val`); empty when none does. The thesis leaves the order of
/// operands open; we search breadth-first and do not look inside an unexpanded operator, so the
/// operators *nearest the root* come first — an operator that only appears inside another's
/// definition waits until the nearer ones are refined (in the thesis' `flip`/`scale` example,
/// `flip:global2` is expanded before `init:ret`, which is then never needed).
pub fn pick<'v>(
    w: &mut TermSpace,
    root: TermId,
    expanded: &HashSet<TermId>,
    val: impl Fn(TermId) -> Option<&'v Value>,
    limit: usize,
) -> Vec<TermId> {
    let mut found = Vec::new();
    let mut seen = HashSet::new();
    let mut queue = std::collections::VecDeque::from([root]);
    let is_zero = |v: Option<&Value>| matches!(v, Some(Value::Bv(b)) if b.is_zero());
    let is_ones = |v: Option<&Value>| matches!(v, Some(Value::Bv(b)) if b.is_ones());
    let is_bool = |v: Option<&Value>, b: bool| matches!(v, Some(Value::Bool(x)) if *x == b);
    while let Some(x) = queue.pop_front() {
        if !seen.insert(x) {
            continue;
        }
        if w.is_summary(x) {
            if !expanded.contains(&x) {
                found.push(x);
                if found.len() >= limit {
                    break;
                }
                continue;
            }
            if let Some(d) = w.definition(x) {
                queue.push_back(d);
            }
            continue;
        }
        let args: Vec<TermId> = w.tm.args(x).to_vec();
        if args.is_empty() {
            continue;
        }
        let absorbing: Option<TermId> = match w.tm.op(x) {
            Op::And => args.iter().copied().find(|&a| is_bool(val(a), false)),
            Op::Or => args.iter().copied().find(|&a| is_bool(val(a), true)),
            Op::BvAnd | Op::BvMul => args.iter().copied().find(|&a| is_zero(val(a))),
            Op::BvOr => args.iter().copied().find(|&a| is_ones(val(a))),
            _ => None,
        };
        let next: Vec<TermId> = if let Some(a) = absorbing {
            vec![a]
        } else if matches!(w.tm.op(x), Op::Ite) {
            let taken = if is_bool(val(args[0]), true) { args[1] } else { args[2] };
            vec![args[0], taken]
        } else {
            args
        };
        queue.extend(next);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term_space::{Effect, VarKind};
    use std::collections::HashMap;
    use vigil_bv::{BitVecValue, Sort};
    use vigil_ir::FuncId;

    fn term_space_with_two_summaries() -> (TermSpace, TermId, TermId) {
        let mut w = TermSpace::new(vec!["main".into(), "g".into()]);
        let i = w.new_instance(FuncId(1), HashMap::new(), 0);
        let s1 = w.sumvar(i, Effect::Ret, 8);
        let s2 = w.sumvar(i, Effect::Cfc, 0);
        assert!(matches!(w.kinds[&s1], VarKind::Summary { .. }));
        (w, s1, s2)
    }

    #[test]
    fn absorptive_false_operand_of_and_is_the_only_one_refined() {
        let (mut w, s1, s2) = term_space_with_two_summaries();
        let z = w.tm.bv_u64(8, 0);
        let a = w.tm.eq(s1, z); // false in the assignment below
        let root = w.tm.and(s2, a);
        let vals: HashMap<TermId, Value> = HashMap::from([
            (root, Value::Bool(false)),
            (s2, Value::Bool(true)),
            (a, Value::Bool(false)),
            (s1, Value::Bv(BitVecValue::from_u64(8, 3))),
        ]);
        let none = HashSet::new();
        // s2 is true, so it is not absorptive; the false operand `a` explains the ∧ alone.
        assert_eq!(pick(&mut w, root, &none, |t| vals.get(&t), 2), vec![s1]);
    }

    #[test]
    fn operators_come_nearest_the_root_first_up_to_the_limit() {
        let (mut w, s1, s2) = term_space_with_two_summaries();
        let three = w.tm.bv_u64(8, 3);
        let a = w.tm.eq(s1, three);
        let root = w.tm.and(s2, a);
        // Both conjuncts true: neither absorbs, so both operators explain the assignment; s2 is
        // an operand of the root, s1 one level further down.
        let vals: HashMap<TermId, Value> = HashMap::from([
            (root, Value::Bool(true)),
            (s2, Value::Bool(true)),
            (a, Value::Bool(true)),
            (s1, Value::Bv(BitVecValue::from_u64(8, 3))),
        ]);
        let none = HashSet::new();
        assert_eq!(pick(&mut w, root, &none, |t| vals.get(&t), 1), vec![s2]);
        assert_eq!(pick(&mut w, root, &none, |t| vals.get(&t), 2), vec![s2, s1]);
        assert_eq!(pick(&mut w, root, &none, |t| vals.get(&t), 8), vec![s2, s1]);
        assert_eq!(pick(&mut w, root, &HashSet::from([s2]), |t| vals.get(&t), 8), vec![s1]);
    }

    #[test]
    fn ite_refines_condition_and_taken_arm_only() {
        let (mut w, s1, s2) = term_space_with_two_summaries();
        let x = w.tm.var("x", Sort::BitVec(8));
        let root = w.tm.ite(s2, x, s1); // s2 false → else-arm s1 matters
        let mut vals: HashMap<TermId, Value> = HashMap::from([(s2, Value::Bool(true))]);
        let mut expanded = HashSet::new();
        expanded.insert(s2);
        // With s2 expanded (no definition available here) and true, the else-arm is skipped.
        assert_eq!(pick(&mut w, root, &expanded, |t| vals.get(&t), 2), vec![]);
        vals.insert(s2, Value::Bool(false));
        assert_eq!(pick(&mut w, root, &expanded, |t| vals.get(&t), 2), vec![s1]);
    }

    #[test]
    fn zero_factor_absorbs_a_product() {
        let (mut w, s1, _) = term_space_with_two_summaries();
        let y = w.tm.var("y", Sort::BitVec(8));
        let root = w.tm.bvmul(y, s1);
        let vals: HashMap<TermId, Value> = HashMap::from([(y, Value::Bv(BitVecValue::zero(8)))]);
        assert_eq!(pick(&mut w, root, &HashSet::new(), |t| vals.get(&t), 2), vec![], "y = 0 explains the product");
        let vals: HashMap<TermId, Value> = HashMap::from([(y, Value::Bv(BitVecValue::from_u64(8, 2)))]);
        assert_eq!(pick(&mut w, root, &HashSet::new(), |t| vals.get(&t), 2), vec![s1]);
    }
}
