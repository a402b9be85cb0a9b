//! Decision scopes from circuits: the SAT variables in the cone of influence of the asserted and
//! assumed circuits (`[bv] decision-scope`), handed to the SAT core so that a check decides only
//! them (`vigil_sat`'s `scope` module; circuit SAT's cone-of-influence restriction, Kuehlmann,
//! Paruthi, Krohm, Ganai, "Robust Boolean reasoning for equivalence checking and functional
//! property verification", IEEE TCAD 2002, §3).
//!
//! Why: an incremental solver of the explicit engine holds the circuits of every query it was
//! ever asked; without a scope, each satisfiable check assigns all of them (decisions, VSIDS heap
//! operations and propagation over circuits of paths long abandoned).
//!
//! Soundness (the SAT core's contract): the clauses are the Tseitin definitions of AIG AND nodes,
//! the guarded assertions of push levels, the units of popped levels' activation literals and
//! learned clauses. Let the roots be the assertions of the open levels and the assumptions, and
//! the cone every node reachable from them through fanins. Any assignment of the cone that
//! satisfies the clauses over it extends to a model of all clauses: give each node outside the
//! cone the value of its gate computed from its fanins (inputs outside the cone any value);
//! then every Tseitin clause holds, the guarded assertions of open levels are roots, those of
//! popped levels are satisfied by their activation literal's unit, and learned clauses are
//! implied by the others. With [`DecisionScope::Inputs`] only the cone's inputs are decided:
//! once they are assigned, unit propagation assigns every AND node of the cone from its fanins
//! (both fanins true: the output by the third clause; one false: by the first two), so the
//! whole cone is assigned as well.
//!
//! With `[bv] confine-propagation` (or the `decision-scope` settings `cone-confined`,
//! `inputs-confined`, one choice for the tuner), unit propagation above
//! level 0 is confined to the cone too (the SAT core's propagation scope): the circuits of other
//! queries over the same inputs are then not evaluated at every check. The same extension
//! argument makes this sound: clauses over cone variables alone are propagated as always, and
//! every other clause is an outside gate's definition or implied.

use vigil_sat::Var;

use crate::aig::{Aig, AigLit, Tseitin};

/// Which variables a check decides (`[bv] decision-scope`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum DecisionScope {
    /// Every SAT variable of the solver (the SAT core's plain behaviour).
    #[default]
    All,
    /// The variables of the cone of the open assertions and the assumptions.
    Cone,
    /// Only the inputs (free bits) of that cone; its gates follow by propagation.
    Inputs,
}

impl DecisionScope {
    pub const NAMES: [&'static str; 3] = ["all", "cone", "inputs"];

    pub fn from_name(s: &str) -> Option<DecisionScope> {
        match s {
            "all" => Some(DecisionScope::All),
            "cone" => Some(DecisionScope::Cone),
            "inputs" => Some(DecisionScope::Inputs),
            _ => None,
        }
    }

    /// The values `[bv] decision-scope` accepts: the three scopes, and the two scopes with
    /// propagation confined to the cone as well (one choice, so that a local search such as
    /// `vigil tune` reaches a confined setting in one step; confinement without a scope has no
    /// effect, so `all-confined` does not exist).
    pub const SETTINGS: [&'static str; 5] = ["all", "cone", "inputs", "cone-confined", "inputs-confined"];

    /// A value of [`DecisionScope::SETTINGS`] as (scope, confine propagation): `Some(true)` for
    /// the `-confined` settings; `None` for the plain scopes, which leave
    /// `[bv] confine-propagation` as it is (that key stays an alias of the `-confined` settings).
    pub fn from_setting(s: &str) -> Option<(DecisionScope, Option<bool>)> {
        match s.strip_suffix("-confined") {
            Some(base) => match DecisionScope::from_name(base)? {
                DecisionScope::All => None,
                scope => Some((scope, Some(true))),
            },
            None => Some((DecisionScope::from_name(s)?, None)),
        }
    }
}

/// How many roots' cones are remembered (an engine asks several checks under one path
/// condition, whose cone is most of the work).
const CACHED_ROOTS: usize = 8;

/// Collects cones, reusing its marks between checks and remembering the cones of recent roots
/// (a node's cone never changes: AIG nodes are immutable and each keeps its SAT variable).
#[derive(Default)]
pub struct ConeCollector {
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
    /// Recent roots (by node), newest last: the cone's variables and its inputs'.
    recent: Vec<(u32, Vec<Var>, Vec<Var>)>,
}

impl ConeCollector {
    /// The SAT variables of the nodes reachable from `roots` (all of which `tseitin` has
    /// encoded): the whole cone, and its inputs (a variable may occur more than once).
    pub fn collect(&mut self, aig: &Aig, tseitin: &Tseitin, roots: &[AigLit]) -> (Vec<Var>, Vec<Var>) {
        let (mut out, mut inputs) = (Vec::new(), Vec::new());
        for r in roots {
            let n = r.node();
            let k = match self.recent.iter().position(|e| e.0 == n) {
                Some(k) => k,
                None => {
                    let (a, i) = self.cone_of(aig, tseitin, n);
                    if self.recent.len() == CACHED_ROOTS {
                        self.recent.remove(0);
                    }
                    self.recent.push((n, a, i));
                    self.recent.len() - 1
                }
            };
            out.extend_from_slice(&self.recent[k].1);
            inputs.extend_from_slice(&self.recent[k].2);
        }
        (out, inputs)
    }

    fn cone_of(&mut self, aig: &Aig, tseitin: &Tseitin, root: u32) -> (Vec<Var>, Vec<Var>) {
        if self.mark.len() < aig.num_nodes() {
            self.mark.resize(aig.num_nodes(), 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        let (mut out, mut inputs) = (Vec::new(), Vec::new());
        self.stack.clear();
        self.stack.push(root);
        while let Some(n) = self.stack.pop() {
            if n == 0 || self.mark[n as usize] == self.stamp {
                continue;
            }
            self.mark[n as usize] = self.stamp;
            let fanins = aig.fanins(n);
            if let Some((a, b)) = fanins {
                self.stack.push(a.node());
                self.stack.push(b.node());
            }
            if let Some(v) = tseitin.var_of_node(n) {
                let v = Var::from_index(v as usize - 1);
                out.push(v);
                if fanins.is_none() {
                    inputs.push(v);
                }
            }
        }
        (out, inputs)
    }
}
