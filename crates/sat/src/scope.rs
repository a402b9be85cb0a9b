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
//! Invariants: outside a scope every unassigned, non-eliminated variable is in the VSIDS heap
//! (restored by [`Solver::restore_heap`] when a scope is dropped); inside one, variables outside
//! the scope may be missing from it (they are dropped when popped and not re-inserted on
//! backtracking), and every unassigned scope variable is in it at the start of a solve.

use crate::lit::Var;
use crate::solver::Solver;

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
                self.scope_stamp = self.scope_stamp.wrapping_add(1);
                if self.scope_stamp == 0 {
                    self.scope_mark.iter_mut().for_each(|m| *m = 0);
                    self.scope_stamp = 1;
                }
                self.scope_vars.clear();
                for &v in vs {
                    self.ensure_var(v);
                    self.scope_mark[v.index()] = self.scope_stamp;
                    self.scope_vars.push(v.0);
                }
            }
        }
    }

    /// Whether `v` may be decided under the current scope.
    #[inline]
    pub(crate) fn in_scope(&self, v: usize) -> bool {
        !self.scoped || self.scope_mark[v] == self.scope_stamp
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
