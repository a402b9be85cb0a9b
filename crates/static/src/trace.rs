//! From a falsifying assignment to a report: the input vector in concrete call order and the
//! interprocedural trace (thesis §6.1: "counterexample ... call chain, branch decisions and input
//! values read from the solver's model").
//!
//! The walk replays the recorded events of `main` (and, through the call-site instances, of its
//! callees) in topological order and keeps those whose context is true in the model: contexts
//! are exact path conditions of the acyclic unrolled graph, so the kept events are exactly those
//! of the one execution the model describes, in order. Nondet events contribute their model
//! value (0 for a variable the solver never saw: an input that does not matter). The walk stops
//! at the first executed instance of the reported check whose negated VC is true.

use std::collections::HashMap;

use vigil_bv::{Solver, TermId, Value};
use vigil_ir::{FuncId, Module};

use crate::symex::{Check, Event, FuncInfo};
use crate::term_space::{InstId, TermSpace};
use crate::{Input, Report, TraceStep};

struct Walk<'a> {
    w: &'a mut TermSpace,
    m: &'a Module,
    infos: &'a [Option<FuncInfo>],
    target: (FuncId, u32),
    inputs: Vec<Input>,
    steps: Vec<TraceStep>,
    stack: Vec<String>,
    context: Vec<String>,
    budget: usize,
    /// Values of evaluated terms under the model (variables the solver never saw are 0/false).
    cache: HashMap<TermId, Value>,
}

impl Walk<'_> {
    fn term_in(&mut self, inst: Option<InstId>, t: TermId) -> TermId {
        match inst {
            Some(i) => self.w.subst(i, t),
            None => t,
        }
    }

    /// Evaluates `t` with a cache kept for the whole walk (one model, many terms).
    fn eval(&mut self, t: TermId) -> Value {
        vigil_bv::eval::eval_cached(&self.w.tm, t, &mut self.cache)
    }

    fn is_true(&mut self, inst: Option<InstId>, t: TermId) -> bool {
        let t = self.term_in(inst, t);
        matches!(self.eval(t), Value::Bool(true))
    }

    fn step(&mut self, f: FuncId, loc: vigil_ir::Loc, note: String) {
        self.steps.push(TraceStep {
            function: self.m.function(f).name.clone(),
            file: file_of(self.m, loc),
            line: loc.line,
            column: loc.col,
            note,
        });
    }

    /// Walks `f` under `inst`; true when the target check was reached.
    fn walk(&mut self, f: FuncId, inst: Option<InstId>) -> bool {
        let Some(info) = self.infos[f.index()].as_ref() else { return false };
        self.stack.push(self.m.function(f).name.clone());
        let n = info.events.len();
        for k in 0..n {
            if self.budget == 0 {
                break;
            }
            self.budget -= 1;
            let (ctx, ev) = self.infos[f.index()].as_ref().expect("analysed").events[k].clone();
            if !self.is_true(inst, ctx) {
                continue;
            }
            match ev {
                Event::Enter { loc, block } => {
                    if loc.is_known() {
                        self.step(f, loc, format!("enters block {}", self.m.function(f).blocks[block.index()].name));
                    }
                }
                Event::Nondet { var, function, width } => {
                    let v = self.term_in(inst, var);
                    let value = match self.eval(v) {
                        Value::Bv(b) => b.low_u64(),
                        Value::Bool(b) => u64::from(b),
                    };
                    self.inputs.push(Input { function, width, value });
                }
                Event::Call { site } => {
                    let s = self.infos[f.index()].as_ref().expect("analysed").sites[site as usize].clone();
                    let k = match inst {
                        Some(i) => self.w.child(i, s.inst),
                        None => s.inst,
                    };
                    let callee = self.m.function(s.callee).name.clone();
                    self.step(f, s.loc, format!("calls {callee}"));
                    if self.walk(s.callee, Some(k)) {
                        return true;
                    }
                    self.step(f, s.loc, format!("returns from {callee}"));
                }
                Event::Check { check } => {
                    if (f, check) == self.target {
                        let c: Check = self.infos[f.index()].as_ref().expect("analysed").checks[check as usize].clone();
                        if self.is_true(inst, c.bad) {
                            self.context = self.stack.clone();
                            self.step(f, c.loc, format!("{} here", c.kind.rule_id()));
                            return true;
                        }
                    }
                }
            }
        }
        self.stack.pop();
        false
    }
}

fn file_of(m: &Module, loc: vigil_ir::Loc) -> String {
    loc.file.and_then(|f| m.files.get(f.index()).cloned()).unwrap_or_else(|| m.source_file.clone())
}

/// Builds the report of check `check` (index `ci` of function `f`) from the model in `solver`.
#[allow(clippy::too_many_arguments)]
pub fn build_report(
    w: &mut TermSpace,
    m: &Module,
    infos: &[Option<FuncInfo>],
    solver: &Solver,
    f: FuncId,
    ci: u32,
    check: &Check,
    chain: &[(FuncId, u32)],
) -> Report {
    let main = m.function_by_name("main").expect("reports are built at main");
    let vars: Vec<TermId> = w.tm.vars().collect();
    let cache: HashMap<TermId, Value> = match solver.values(&w.tm, &vars) {
        Ok(vals) => vars.into_iter().zip(vals).collect(),
        Err(_) => HashMap::new(),
    };
    let mut walk = Walk {
        cache,
        w,
        m,
        infos,
        target: (f, ci),
        inputs: Vec::new(),
        steps: Vec::new(),
        stack: Vec::new(),
        context: Vec::new(),
        budget: 1_000_000,
    };
    let reached = walk.walk(main, None);
    let mut context = walk.context.clone();
    if !reached {
        // The walk did not meet the check (the model leaves it ambiguous); keep the static chain.
        context = std::iter::once("main".to_string())
            .chain(chain.iter().map(|&(g, s)| {
                let site = &infos[g.index()].as_ref().expect("analysed").sites[s as usize];
                m.function(site.callee).name.clone()
            }))
            .collect();
    }
    Report {
        kind: check.kind,
        function: m.function(f).name.clone(),
        file: file_of(m, check.loc),
        line: check.loc.line,
        column: check.loc.col,
        trace: walk.steps,
        inputs: walk.inputs,
        context,
    }
}
