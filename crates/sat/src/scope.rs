//! Decision scopes: solving that decides only a given set of variables (MiniSat's
//! non-decision variables, per call; the circuit-level justification is the cone-of-influence
//! argument of circuit SAT, e.g. Kuehlmann et al., "Circuit-based Boolean reasoning", DAC 2001).
//!
//! With a scope set ([`Solver::set_decision_scope`]), the next solves decide only variables of
//! the scope; they answer `Sat` as soon as every scope variable is assigned and propagation
//! found no conflict, even if other variables are still unassigned (the model reads those as
//! false). Conflict analysis, learning and `Unsat` answers are unchanged, so `Unsat` and failed
//! assumptions are exactly as without a scope.
//!
//! Contract (the caller's): every assignment of the scope variables under which unit propagation
//! reaches no conflict extends to a model of all clauses. The bit-vector layer guarantees it for
//! the cone of its asserted and assumed circuits: every Tseitin clause of a gate outside the cone
//! is satisfied by computing the gate from its fanins, and learned clauses are implied. Without
//! the contract a `Sat` answer could be wrong; the solver cannot check it.
//!
//! A *propagation scope* ([`Solver::set_propagation_scope`]) confines unit propagation above
//! decision level 0: a clause that would imply a literal of a variable outside it implies
//! nothing (its watches stay as they are; the variable stays unassigned). Contract: the decision
//! scope lies inside it, and every assignment of the propagation scope under which no clause
//! over its variables alone is falsified extends to a model of all clauses (for the bit-vector
//! layer: the propagation scope is a cone, closed under fanins, and the clauses outside it are
//! Tseitin definitions of gates outside it, or implied). Then, when every decision variable is
//! assigned, propagation inside the scope is complete and conflict-free, and the answer `Sat` is
//! right; clauses with a variable outside the scope take part in propagation only towards
//! variables inside it, and conflict analysis sees only assigned literals, as always. Level 0 is
//! never confined (its units are permanent facts).
//!
//! Invariants: outside a scope every unassigned, non-eliminated variable is in the VSIDS heap
//! (restored by [`Solver::restore_heap`] when a scope is dropped); inside one, variables outside
//! the scope may be missing from it (they are dropped when popped and not re-inserted on
//! backtracking), and every unassigned scope variable is in it at the start of a solve.

use crate::lit::Var;
use crate::solver::Solver;

/// A set of variables that is emptied in constant time: a variable is in it when its mark equals
/// the current stamp, and clearing starts a new stamp (all marks are zeroed only when the stamp
/// wraps around). Both scopes are such sets.
#[derive(Clone, Debug, Default)]
pub(crate) struct StampedSet {
    stamp: u32,
    mark: Vec<u32>,
}

impl StampedSet {
    /// Room for one more variable (not in the set).
    pub(crate) fn grow(&mut self) {
        self.mark.push(0);
    }

    /// Empties the set.
    pub(crate) fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
    }

    pub(crate) fn insert(&mut self, v: usize) {
        self.mark[v] = self.stamp;
    }

    #[inline]
    pub(crate) fn contains(&self, v: usize) -> bool {
        self.mark[v] == self.stamp
    }
}

impl Solver {
    /// Restricts decisions of later solves to `vars` (`None`: every variable, the default). See
    /// the module doc for the contract the caller must keep.
    pub fn set_decision_scope(&mut self, vars: Option<&[Var]>) {
        match vars {
            None => {
                if self.scoped {
                    self.scoped = false;
                    self.restore_heap();
                }
            }
            Some(vs) => {
                self.scoped = true;
                self.scope_set.clear();
                self.scope_vars.clear();
                for &v in vs {
                    self.ensure_var(v);
                    self.scope_set.insert(v.index());
                    self.scope_vars.push(v.0);
                }
            }
        }
    }

    /// Confines unit propagation above level 0 to `vars` (`None`: everywhere, the default); see
    /// the module doc for the contract.
    pub fn set_propagation_scope(&mut self, vars: Option<&[Var]>) {
        match vars {
            None => self.prop_scoped = false,
            Some(vs) => {
                self.prop_scoped = true;
                self.prop_set.clear();
                for &v in vs {
                    self.ensure_var(v);
                    self.prop_set.insert(v.index());
                }
            }
        }
    }

    /// Whether propagation may assign variable `v` now (call only when confined).
    #[inline]
    pub(crate) fn may_propagate(&self, v: usize) -> bool {
        self.prop_set.contains(v)
    }

    /// Whether `v` may be decided under the current scope.
    #[inline]
    pub(crate) fn in_scope(&self, v: usize) -> bool {
        !self.scoped || self.scope_set.contains(v)
    }

    /// Puts every scope variable back into the heap (at the start of a scoped solve).
    pub(crate) fn fill_scope_heap(&mut self) {
        for i in 0..self.scope_vars.len() {
            let v = self.scope_vars[i];
            if !self.eliminated[v as usize] {
                self.vsids.insert(v);
            }
        }
    }

    /// Puts every non-eliminated variable back into the heap (after a scope is dropped).
    pub(crate) fn restore_heap(&mut self) {
        for v in 0..self.num_vars() {
            if !self.eliminated[v] {
                self.vsids.insert(v as u32);
            }
        }
    }
}
