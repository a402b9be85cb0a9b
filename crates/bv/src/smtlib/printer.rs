//! Prints terms as SMT-LIB scripts: used to hand formulas to other solvers (differential tests,
//! benchmark generation) and to dump a formula when a test fails.
//!
//! Invariant: the script declares every variable reachable from the roots (by a unique name
//! `v<i>_<name>`, quoted when needed) and names each reachable non-leaf node once with a
//! `define-fun`, so the text is linear in the size of the DAG, not of the tree.

use std::collections::HashMap;
use std::fmt::Write;

use super::parser::symbol_text;
use crate::term::{Op, TermId, TermManager};

fn leaf(tm: &TermManager, t: TermId, names: &HashMap<TermId, String>) -> String {
    match tm.op(t) {
        Op::BoolConst(b) => b.to_string(),
        Op::BvConst(v) => v.to_smtlib(),
        _ => names[&t].clone(),
    }
}

/// Prints the definitions of term DAGs once each, across many calls (a session script names a
/// node the first time it is needed and refers to it by name afterwards).
#[derive(Default)]
pub struct DagPrinter {
    names: HashMap<TermId, String>,
}

impl DagPrinter {
    pub fn new() -> Self {
        Self::default()
    }

    /// A constant's literal, or the name of a term already declared or defined.
    pub fn name(&self, tm: &TermManager, t: TermId) -> String {
        leaf(tm, t, &self.names)
    }

    /// Forgets the names of `ts` (their definitions went out of scope with a `pop`).
    pub fn forget(&mut self, ts: &[TermId]) {
        for t in ts {
            self.names.remove(t);
        }
    }

    /// Appends to `s` a `declare-fun` for every variable and a `define-fun` for every non-leaf
    /// node reachable from `roots` that has no name yet, in dependency order; returns the terms
    /// named now.
    pub fn define(&mut self, tm: &TermManager, roots: &[TermId], s: &mut String) -> Vec<TermId> {
        let mut order = Vec::new();
        let mut seen = HashMap::new();
        let mut stack: Vec<(TermId, bool)> = roots.iter().map(|&r| (r, false)).collect();
        while let Some((t, done)) = stack.pop() {
            if done {
                order.push(t);
                continue;
            }
            if self.names.contains_key(&t) || seen.insert(t, ()).is_some() {
                continue;
            }
            stack.push((t, true));
            for &a in tm.args(t).iter().rev() {
                if !seen.contains_key(&a) && !self.names.contains_key(&a) {
                    stack.push((a, false));
                }
            }
        }
        let mut named = Vec::new();
        for &t in &order {
            let sort = tm.sort(t);
            match tm.op(t) {
                Op::BoolConst(_) | Op::BvConst(_) => {}
                Op::Var(i) => {
                    let n = symbol_text(&format!("v{i}_{}", tm.var_info(*i).0));
                    let _ = writeln!(s, "(declare-fun {n} () {sort})");
                    self.names.insert(t, n);
                    named.push(t);
                }
                op => {
                    let args: Vec<String> = tm.args(t).iter().map(|&a| leaf(tm, a, &self.names)).collect();
                    let head = match op {
                        Op::Extract { hi, lo } => format!("(_ extract {hi} {lo})"),
                        Op::ZeroExt(n) => format!("(_ zero_extend {n})"),
                        Op::SignExt(n) => format!("(_ sign_extend {n})"),
                        _ => op.smt_name().to_string(),
                    };
                    let n = format!("t{}", t.index());
                    let _ = writeln!(s, "(define-fun {n} () {sort} ({head} {}))", args.join(" "));
                    self.names.insert(t, n);
                    named.push(t);
                }
            }
        }
        named
    }
}

/// A QF_BV script asserting `roots` (without `check-sat`).
pub fn to_script(tm: &TermManager, roots: &[TermId]) -> String {
    let mut s = String::from("(set-logic QF_BV)\n");
    let mut p = DagPrinter::new();
    p.define(tm, roots, &mut s);
    for &r in roots {
        let _ = writeln!(s, "(assert {})", p.name(tm, r));
    }
    s
}

/// A query as an engine dumps it (`vigil check --dump-vcs`): `; expect: ANSWER` (the engine's
/// answer, as the `tests/smt` header states it), a comment naming its origin, the script
/// asserting `roots`, and `check-sat`. `vigil smt` answers such a script as the engine did.
pub fn query_script(tm: &TermManager, roots: &[TermId], answer: crate::CheckResult, origin: &str) -> String {
    let answer = match answer {
        crate::CheckResult::Sat => "sat",
        crate::CheckResult::Unsat => "unsat",
        crate::CheckResult::Unknown => "unknown",
    };
    format!("; expect: {answer}\n; {origin}\n{}(check-sat)\n", to_script(tm, roots))
}

/// Writes [`query_script`] to `dir/name`, creating `dir`; errors are ignored (a dump is a
/// by-product and must not change the analysis).
pub fn dump_query(dir: &std::path::Path, name: &str, tm: &TermManager, roots: &[TermId], answer: crate::CheckResult, origin: &str) {
    let _ = std::fs::create_dir_all(dir);
    let _ = std::fs::write(dir.join(name), query_script(tm, roots, answer, origin));
}
