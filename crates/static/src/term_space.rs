//! The shared term space: the maximally shared DAG, the meaning of every free variable, function
//! summaries and their instantiation at call sites.
//!
//! Babić, thesis 2008, §4.2.1 (side effects) and §4.2.2 (abstraction): a summary is one pure term
//! per side effect of a function — `f:ret`, `f:*loc` for every abstract location it may modify,
//! `f:cfc` for the control-flow context it imposes — over the function's *inputs* (its parameters
//! and the initial values of the locations it reads). At a call the caller gets one *summary
//! operator* per effect: a fresh unconstrained variable standing for the effect applied to the
//! actual arguments and the caller's memory at the call. Expanding the operator means asserting
//! `var = summary[inputs := actuals]`.
//!
//! # Instances and substitution
//!
//! An [`Instance`] is one call of a callee in some caller's term space, with its environment
//! (callee inputs → caller terms). Substituting a callee-space term through an instance maps
//! inputs through the environment and gives every other free variable of the callee (its inputs
//! from `__VERIFIER_nondet_*`, the summary operators of its own calls, undefined values) a fresh
//! copy *per instance*, so two calls never share inputs (context sensitivity).
//!
//! Invariants:
//! * Copies are canonical: `(instance, origin variable)` and `(instance, effect)` each map to one
//!   variable, and `child(I, J)` (instance `J` of the callee's space seen through `I`) is one
//!   instance, so `subst(I, subst(J, t)) = subst(child(I, J), t)` for every callee-space term `t`.
//!   Traces rely on this to read the inputs of nested calls from one model.
//! * Substitution is iterative (no recursion on term depth) and memoised per instance.

use std::collections::HashMap;

use vigil_bv::{Op, Sort, TermId, TermManager};
use vigil_ir::FuncId;

use crate::memory::Loc;

/// Index of an [`Instance`].
pub type InstId = u32;

/// A side effect of a function (thesis §4.2.1).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Effect {
    Ret,
    /// The final value of the function's `i`-th modified location.
    Mem(u32),
    Cfc,
}

/// What a free variable of the own space of a function stands for.
#[derive(Clone, Debug, PartialEq)]
pub enum LocalKind {
    /// The value returned by a `__VERIFIER_nondet_*` call: a program input.
    Nondet { function: String, width: u32 },
    /// An undefined value (uninitialised memory, `undef`), or the result of a call whose body
    /// is not analysed, or a nondeterministic choice of the memory model.
    Free,
}

/// The meaning of a variable.
#[derive(Clone, Debug, PartialEq)]
pub enum VarKind {
    /// Parameter `idx` of `func`.
    Param { func: FuncId, idx: u32 },
    /// The value of a location at the entry of `func`.
    InLoc { func: FuncId },
    /// A free variable of a function's own space (see [`LocalKind`]).
    Local(LocalKind),
    /// The copy of `origin` (a variable of the callee's space) for instance `inst`.
    Copy { origin: TermId, inst: InstId },
    /// The summary operator of effect `effect` of instance `inst`.
    Summary { inst: InstId, effect: Effect },
}

/// One call of `callee`, seen in the space of the caller.
#[derive(Clone, Debug)]
pub struct Instance {
    pub callee: FuncId,
    /// Callee inputs (parameter and in-location variables) → caller terms.
    pub env: HashMap<TermId, TermId>,
    memo: HashMap<TermId, TermId>,
    children: HashMap<InstId, InstId>,
    /// The instance whose space this one lives in (`None`: the caller's own space).
    pub parent: Option<InstId>,
    /// The call site (in the parent callee's own space) this instance copies.
    pub site: u32,
}

/// A function's summary (thesis §4.2.1): its inputs and one term per side effect, all in the
/// function's own space.
#[derive(Clone, Debug)]
pub struct Summary {
    pub params: Vec<TermId>,
    /// Locations read before written, with the variable standing for their entry value, in
    /// creation order (a location based on another's value comes after it).
    pub inlocs: Vec<(Loc, TermId)>,
    pub ret: Option<TermId>,
    /// Modified non-local locations and their value at exit.
    pub effects: Vec<(Loc, TermId)>,
    /// The condition under which the function returns (assumes, aborts, faults excluded).
    pub cfc: TermId,
}

/// The term space of a whole analysis.
pub struct TermSpace {
    pub tm: TermManager,
    pub kinds: HashMap<TermId, VarKind>,
    pub instances: Vec<Instance>,
    copies: HashMap<(InstId, TermId), TermId>,
    sumvars: HashMap<(InstId, Effect), TermId>,
    /// Summaries of analysed functions, by function index.
    pub summaries: Vec<Option<Summary>>,
    /// Summary variable → its definition in the variable's space (computed once).
    defs: HashMap<TermId, TermId>,
    pub summary_ops_created: usize,
    /// Function names, by function index (for labels).
    pub names: Vec<String>,
    pub objects: crate::memory::Objects,
    /// Expansions performed, by label `callee:ret`, `callee:cfc`, `callee:*mK`.
    expansion_log: HashMap<String, usize>,
}

impl TermSpace {
    pub fn new(names: Vec<String>) -> TermSpace {
        let num_functions = names.len();
        TermSpace {
            names,
            objects: crate::memory::Objects::default(),
            expansion_log: HashMap::new(),
            tm: TermManager::new(),
            kinds: HashMap::new(),
            instances: Vec::new(),
            copies: HashMap::new(),
            sumvars: HashMap::new(),
            summaries: vec![None; num_functions],
            defs: HashMap::new(),
            summary_ops_created: 0,
        }
    }

    /// A new variable of `width` bits (0 = Bool) with a meaning.
    pub fn new_var(&mut self, name: &str, width: u32, kind: VarKind) -> TermId {
        let sort = if width == 0 { Sort::Bool } else { Sort::bv(width).expect("IR widths are valid") };
        let v = self.tm.var(name, sort);
        self.kinds.insert(v, kind);
        v
    }

    /// A new instance of `callee` with parameter bindings; `site` is the call-site index in the
    /// caller's own space.
    pub fn new_instance(&mut self, callee: FuncId, env: HashMap<TermId, TermId>, site: u32) -> InstId {
        self.instances.push(Instance {
            callee,
            env,
            memo: HashMap::new(),
            children: HashMap::new(),
            parent: None,
            site,
        });
        (self.instances.len() - 1) as InstId
    }

    /// The summary operator of `effect` for instance `inst` (created on first use).
    pub fn sumvar(&mut self, inst: InstId, effect: Effect, width: u32) -> TermId {
        if let Some(&v) = self.sumvars.get(&(inst, effect)) {
            return v;
        }
        let callee_name = self.names[self.instances[inst as usize].callee.index()].clone();
        let label = match effect {
            Effect::Ret => format!("{callee_name}:ret#{inst}"),
            Effect::Mem(i) => format!("{callee_name}:*m{i}#{inst}"),
            Effect::Cfc => format!("{callee_name}:cfc#{inst}"),
        };
        let v = self.new_var(&label, width, VarKind::Summary { inst, effect });
        self.sumvars.insert((inst, effect), v);
        self.summary_ops_created += 1;
        v
    }

    fn copy_var(&mut self, inst: InstId, origin: TermId) -> TermId {
        if let Some(&v) = self.copies.get(&(inst, origin)) {
            return v;
        }
        let w = match self.tm.sort(origin) {
            Sort::Bool => 0,
            Sort::BitVec(w) => w,
        };
        let v = self.new_var("copy", w, VarKind::Copy { origin, inst });
        self.copies.insert((inst, origin), v);
        v
    }

    /// `child(I, J)`: instance `J` (of `I.callee`'s space) seen through `I`.
    pub fn child(&mut self, i: InstId, j: InstId) -> InstId {
        if let Some(&k) = self.instances[i as usize].children.get(&j) {
            return k;
        }
        let entries: Vec<(TermId, TermId)> = self.instances[j as usize].env.iter().map(|(&a, &b)| (a, b)).collect();
        let mut env = HashMap::new();
        for (a, b) in entries {
            let nb = self.subst(i, b);
            env.insert(a, nb);
        }
        let (callee, site) = (self.instances[j as usize].callee, self.instances[j as usize].site);
        self.instances.push(Instance {
            callee,
            env,
            memo: HashMap::new(),
            children: HashMap::new(),
            parent: Some(i),
            site,
        });
        let k = (self.instances.len() - 1) as InstId;
        self.instances[i as usize].children.insert(j, k);
        k
    }

    fn subst_var(&mut self, i: InstId, v: TermId) -> TermId {
        if let Some(&t) = self.instances[i as usize].env.get(&v) {
            return t;
        }
        match self.kinds.get(&v).cloned() {
            Some(VarKind::Summary { inst: j, effect }) => {
                let k = self.child(i, j);
                let w = match self.tm.sort(v) {
                    Sort::Bool => 0,
                    Sort::BitVec(w) => w,
                };
                self.sumvar(k, effect, w)
            }
            Some(VarKind::Copy { origin, inst: j }) => {
                let k = self.child(i, j);
                self.copy_var(k, origin)
            }
            // Own free variables of the callee, and inputs the environment lacks (never
            // expected; a fresh copy keeps the result well-defined).
            _ => self.copy_var(i, v),
        }
    }

    /// `t[callee inputs := I.env]`, with fresh per-instance copies of the callee's other free
    /// variables (see the module invariants).
    pub fn subst(&mut self, i: InstId, t: TermId) -> TermId {
        if let Some(&r) = self.instances[i as usize].memo.get(&t) {
            return r;
        }
        // Iterative post-order over the DAG.
        let mut stack: Vec<(TermId, bool)> = vec![(t, false)];
        while let Some((x, done)) = stack.pop() {
            if self.instances[i as usize].memo.contains_key(&x) {
                continue;
            }
            let args: Vec<TermId> = self.tm.args(x).to_vec();
            if !done && !args.is_empty() {
                stack.push((x, true));
                for &a in &args {
                    if !self.instances[i as usize].memo.contains_key(&a) {
                        stack.push((a, false));
                    }
                }
                continue;
            }
            let r = match self.tm.op(x).clone() {
                Op::Var(_) => self.subst_var(i, x),
                Op::BoolConst(_) | Op::BvConst(_) => x,
                op => {
                    let nargs: Vec<TermId> = args.iter().map(|a| self.instances[i as usize].memo[a]).collect();
                    if nargs == args {
                        x
                    } else {
                        self.tm.app(op, &nargs)
                    }
                }
            };
            self.instances[i as usize].memo.insert(x, r);
        }
        self.instances[i as usize].memo[&t]
    }

    /// The definition of summary variable `s` (its effect's summary term through its instance),
    /// computed once. `None` if `s` is not a summary variable or the callee has no summary.
    pub fn definition(&mut self, s: TermId) -> Option<TermId> {
        if let Some(&d) = self.defs.get(&s) {
            return Some(d);
        }
        let Some(VarKind::Summary { inst, effect }) = self.kinds.get(&s).cloned() else {
            return None;
        };
        let callee = self.instances[inst as usize].callee;
        let sum = self.summaries[callee.index()].as_ref()?;
        let term = match effect {
            Effect::Ret => sum.ret?,
            Effect::Mem(k) => sum.effects.get(k as usize)?.1,
            Effect::Cfc => sum.cfc,
        };
        let d = self.subst(inst, term);
        self.defs.insert(s, d);
        Some(d)
    }

    /// Records that summary variable `s` was expanded into a solver.
    pub fn note_expansion(&mut self, s: TermId) {
        if let Some(VarKind::Summary { inst, effect }) = self.kinds.get(&s) {
            let callee = &self.names[self.instances[*inst as usize].callee.index()];
            let label = match effect {
                Effect::Ret => format!("{callee}:ret"),
                Effect::Cfc => format!("{callee}:cfc"),
                Effect::Mem(k) => format!("{callee}:*m{k}"),
            };
            *self.expansion_log.entry(label).or_default() += 1;
        }
    }

    /// Expansions so far, by label.
    pub fn expansion_counts(&self) -> HashMap<String, usize> {
        self.expansion_log.clone()
    }

    pub fn is_summary(&self, v: TermId) -> bool {
        matches!(self.kinds.get(&v), Some(VarKind::Summary { .. }))
    }

    /// The variable of a function's own space that `v` is a (possibly nested) copy of, and the
    /// chain of instances from the outermost down.
    pub fn origin(&self, mut v: TermId) -> TermId {
        while let Some(VarKind::Copy { origin, .. }) = self.kinds.get(&v) {
            v = *origin;
        }
        v
    }

    /// Number of DAG nodes of `t`, counting up to `cap`.
    pub fn dag_size(&self, t: TermId, cap: usize) -> usize {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![t];
        while let Some(x) = stack.pop() {
            if seen.len() > cap {
                break;
            }
            if seen.insert(x) {
                stack.extend_from_slice(self.tm.args(x));
            }
        }
        seen.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_substitution_is_consistent_with_child_instances() {
        // g(a) calls h(b = a + 1); h has a nondet input n. The copy of n seen from main through
        // g's instance must be the same variable whichever way it is reached.
        let mut w = TermSpace::new(vec!["f".into(), "g".into(), "h".into()]);
        let (f, g, h) = (FuncId(0), FuncId(1), FuncId(2));
        let _ = f;
        let a = w.new_var("a", 8, VarKind::Param { func: g, idx: 0 });
        let b = w.new_var("b", 8, VarKind::Param { func: h, idx: 0 });
        let n = w.new_var("n", 8, VarKind::Local(LocalKind::Nondet { function: "nd".into(), width: 8 }));
        let one = w.tm.bv_u64(8, 1);
        let a1 = w.tm.bvadd(a, one);
        let j = w.new_instance(h, HashMap::from([(b, a1)]), 0); // h's call inside g
        let n_in_g = w.subst(j, n);
        let five = w.tm.bv_u64(8, 5);
        let i = w.new_instance(g, HashMap::from([(a, five)]), 0); // g's call inside main
        let via_i = w.subst(i, n_in_g);
        let k = w.child(i, j);
        let direct = w.subst(k, n);
        assert_eq!(via_i, direct);
        assert_ne!(direct, n);
        // The child's environment is the parent's substituted: b = 5 + 1.
        let sb = w.subst(k, b);
        assert_eq!(w.tm.bv_value(sb).map(|v| v.low_u64()), Some(6));
        // Two instances do not share inputs.
        let i2 = w.new_instance(g, HashMap::from([(a, five)]), 1);
        assert_ne!(w.subst(i2, n_in_g), via_i);
    }
}
