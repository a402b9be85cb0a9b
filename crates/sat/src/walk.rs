//! Local search (ProbSAT, Balint & Schöning, SAT 2012) over the irredundant clauses, run at
//! decision level 0 as the "walk" rephase (Biere & Fleury, "Chasing target phases", POS 2020).
//!
//! The walk starts from the solver's current decision phases (target phase where set, else the
//! saved phase), repeatedly picks a random falsified clause and flips one of its variables,
//! chosen with probability proportional to `cb^-break` (`break` = clauses that the flip would
//! falsify). The best assignment met (fewest falsified clauses) becomes the saved and target
//! phases. The walk never answers by itself: if it satisfies every clause, its assignment is a
//! model of the irredundant clauses, hence of every learned clause (they are implied), so CDCL
//! search deciding with these phases meets no conflict and finds that model, which is then
//! extracted and checked as any other.
//!
//! Invariants: called only at decision level 0 after complete propagation and without
//! assumptions; level-0 assigned variables and eliminated variables are not walked (clauses
//! satisfied at level 0 are skipped, false literals dropped); the walk adds or deletes no
//! clause, so proofs are untouched. `true_count[c]` is the number of true literals of walk clause
//! `c` and `unsat` lists exactly the clauses with count 0 (`unsat_pos` is its inverse).
//! Effort is measured in ticks (clause visits), budgeted from the parameter table.

use crate::params::PhaseMode;
use crate::solver::Solver;

/// The local-search state: clauses in CSR form, occurrence lists, counts and the assignment.
struct Walker {
    /// Literal codes of all walk clauses, clause `c` at `starts[c]..starts[c + 1]`.
    lits: Vec<u32>,
    starts: Vec<u32>,
    /// Clause indices per literal code, literal `l` at `occ_start[l]..occ_start[l + 1]`.
    occ: Vec<u32>,
    occ_start: Vec<u32>,
    /// Current value of each variable.
    val: Vec<bool>,
    true_count: Vec<u32>,
    unsat: Vec<u32>,
    unsat_pos: Vec<u32>,
    ticks: u64,
}

const NOT_UNSAT: u32 = u32::MAX;

impl Walker {
    #[inline]
    fn lit_true(&self, l: u32) -> bool {
        self.val[(l >> 1) as usize] == (l & 1 == 0)
    }

    fn add_unsat(&mut self, c: u32) {
        self.unsat_pos[c as usize] = self.unsat.len() as u32;
        self.unsat.push(c);
    }

    fn remove_unsat(&mut self, c: u32) {
        let i = self.unsat_pos[c as usize] as usize;
        let last = self.unsat.pop().expect("clause listed as falsified");
        if last != c {
            self.unsat[i] = last;
            self.unsat_pos[last as usize] = i as u32;
        }
        self.unsat_pos[c as usize] = NOT_UNSAT;
    }

    /// Clauses that become false if variable `v` is flipped (those where its true literal is
    /// the only true one).
    fn break_count(&mut self, v: usize) -> u32 {
        let l = 2 * v as u32 + if self.val[v] { 0 } else { 1 };
        let (s, e) = (self.occ_start[l as usize] as usize, self.occ_start[l as usize + 1] as usize);
        self.ticks += (e - s) as u64;
        self.occ[s..e].iter().filter(|&&c| self.true_count[c as usize] == 1).count() as u32
    }

    fn flip(&mut self, v: usize) {
        let now_false = 2 * v as u32 + if self.val[v] { 0 } else { 1 };
        let now_true = now_false ^ 1;
        self.val[v] = !self.val[v];
        let (s, e) = (self.occ_start[now_true as usize] as usize, self.occ_start[now_true as usize + 1] as usize);
        self.ticks += (e - s) as u64;
        for k in s..e {
            let c = self.occ[k];
            self.true_count[c as usize] += 1;
            if self.true_count[c as usize] == 1 {
                self.remove_unsat(c);
            }
        }
        let (s, e) = (self.occ_start[now_false as usize] as usize, self.occ_start[now_false as usize + 1] as usize);
        self.ticks += (e - s) as u64;
        for k in s..e {
            let c = self.occ[k];
            self.true_count[c as usize] -= 1;
            if self.true_count[c as usize] == 0 {
                self.add_unsat(c);
            }
        }
    }
}

/// ProbSAT's exponential-break base for clauses of average length `k` (values from the
/// ProbSAT paper's tuned settings for 3..7-SAT, linearly interpolated, constant outside).
fn default_cb(k: f64) -> f64 {
    const TABLE: [(f64, f64); 5] = [(3.0, 2.5), (4.0, 2.85), (5.0, 3.7), (6.0, 5.1), (7.0, 7.4)];
    if k <= TABLE[0].0 {
        return TABLE[0].1;
    }
    for w in TABLE.windows(2) {
        let ((k0, c0), (k1, c1)) = (w[0], w[1]);
        if k <= k1 {
            return c0 + (c1 - c0) * (k - k0) / (k1 - k0);
        }
    }
    TABLE[4].1
}

impl Solver {
    /// Runs one budgeted ProbSAT walk from the current phases and installs its best assignment
    /// as saved and target phases. Returns the number of clauses the best assignment falsifies
    /// (0: the phases are a model), or `None` if the walk did not run.
    pub(crate) fn walk(&mut self) -> Option<usize> {
        debug_assert_eq!(self.decision_level(), 0);
        if !self.assumptions.is_empty() || !self.ok {
            return None;
        }
        let t0 = std::time::Instant::now();
        let budget = ((self.stats.propagations - self.walk_last_props) as f64 * self.params.walk_effort) as u64;
        let budget = budget.max(self.params.walk_min_ticks);
        self.walk_last_props = self.stats.propagations;
        let n = self.num_vars();
        // Collect the clauses not satisfied at level 0, without their false literals.
        let mut lits: Vec<u32> = Vec::new();
        let mut starts: Vec<u32> = vec![0];
        let mut occ_count = vec![0u32; 2 * n + 1];
        for &c in &self.db.originals {
            let cl = self.db.lits(c);
            if cl.iter().any(|&l| self.vals[l as usize] > 0) {
                continue;
            }
            let before = lits.len();
            for &l in cl {
                if self.vals[l as usize] == 0 {
                    lits.push(l);
                    occ_count[l as usize] += 1;
                }
            }
            if lits.len() == before {
                // A clause false at level 0 (cannot happen after propagation): no model.
                return None;
            }
            starts.push(lits.len() as u32);
        }
        let m = starts.len() - 1;
        if m == 0 {
            return None;
        }
        let mut occ_start = vec![0u32; 2 * n + 1];
        for l in 0..2 * n {
            occ_start[l + 1] = occ_start[l] + occ_count[l];
        }
        let mut fill = occ_start.clone();
        let mut occ = vec![0u32; lits.len()];
        for c in 0..m {
            for &l in &lits[starts[c] as usize..starts[c + 1] as usize] {
                occ[fill[l as usize] as usize] = c as u32;
                fill[l as usize] += 1;
            }
        }
        let val: Vec<bool> = (0..n)
            .map(|v| match self.vals[2 * v] {
                1 => true,
                -1 => false,
                _ => self.decision_phase(v),
            })
            .collect();
        let avg_len = lits.len() as f64 / m as f64;
        let cb = if self.params.walk_cb > 0.0 { self.params.walk_cb } else { default_cb(avg_len) };
        let max_len = (0..m).map(|c| starts[c + 1] - starts[c]).max().unwrap_or(0) as usize;
        // Break values above this weigh the same (probability underflows anyway).
        let break_table: Vec<f64> = (0..64).map(|b| cb.powi(-(b as i32))).collect();
        let mut w = Walker {
            lits,
            starts,
            occ,
            occ_start,
            val,
            true_count: vec![0; m],
            unsat: Vec::new(),
            unsat_pos: vec![NOT_UNSAT; m],
            ticks: 0,
        };
        for c in 0..m {
            let (s, e) = (w.starts[c] as usize, w.starts[c + 1] as usize);
            let t = (s..e).filter(|&k| w.lit_true(w.lits[k])).count() as u32;
            w.true_count[c] = t;
            if t == 0 {
                w.add_unsat(c as u32);
            }
        }
        // The best assignment is `val` with the variables in `log` flipped back (while
        // `log_valid`), else the explicit copy `best_val`.
        let mut best_unsat = w.unsat.len();
        let mut best_val: Vec<bool> = Vec::new();
        let mut log: Vec<u32> = Vec::new();
        let mut log_valid = true;
        let mut probs: Vec<f64> = Vec::with_capacity(max_len);
        let mut flips = 0u64;
        while !w.unsat.is_empty() && w.ticks < budget {
            let c = w.unsat[self.rng.below(w.unsat.len())] as usize;
            let (s, e) = (w.starts[c] as usize, w.starts[c + 1] as usize);
            probs.clear();
            let mut sum = 0.0;
            for k in s..e {
                let v = (w.lits[k] >> 1) as usize;
                let b = w.break_count(v) as usize;
                let p = break_table[b.min(63)];
                sum += p;
                probs.push(p);
            }
            let mut r = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * sum;
            let mut pick = e - 1;
            for (i, &p) in probs.iter().enumerate() {
                if r < p {
                    pick = s + i;
                    break;
                }
                r -= p;
            }
            let v = (w.lits[pick] >> 1) as usize;
            w.flip(v);
            flips += 1;
            if w.unsat.len() < best_unsat {
                best_unsat = w.unsat.len();
                log.clear();
                log_valid = true;
            } else if log_valid {
                log.push(v as u32);
                if log.len() > n {
                    // Materialise the best assignment and stop logging until the next best.
                    best_val.clone_from(&w.val);
                    for &x in &log {
                        best_val[x as usize] = !best_val[x as usize];
                    }
                    log.clear();
                    log_valid = false;
                }
            }
        }
        let best = if log_valid {
            let mut b = std::mem::take(&mut w.val);
            for &x in &log {
                b[x as usize] = !b[x as usize];
            }
            b
        } else {
            best_val
        };
        for v in 0..n {
            if self.vals[2 * v] == 0 && !self.eliminated[v] {
                self.saved_phase[v] = best[v];
                self.target_phase[v] = if best[v] { 1 } else { -1 };
            }
        }
        self.stats.walks += 1;
        self.stats.walk_flips += flips;
        if best_unsat == 0 {
            self.stats.walk_models += 1;
        }
        self.stats.time_walk += t0.elapsed();
        Some(best_unsat)
    }

    /// The polarity the next decision on `v` would take without randomness.
    pub(crate) fn decision_phase(&self, v: usize) -> bool {
        match self.params.phase {
            PhaseMode::Target if self.target_phase[v] != 0 => self.target_phase[v] > 0,
            PhaseMode::False => false,
            PhaseMode::True => true,
            _ => self.saved_phase[v],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lit::Lit;

    #[test]
    fn cb_interpolates_and_clamps() {
        assert_eq!(default_cb(2.0), 2.5);
        assert_eq!(default_cb(3.0), 2.5);
        assert!((default_cb(3.5) - 2.675).abs() < 1e-12);
        assert_eq!(default_cb(9.0), 7.4);
    }

    #[test]
    fn walk_finds_model_of_planted_3sat() {
        // A random 3-SAT formula with a planted solution (ratio 4.0): the walk alone finds a
        // model, and the solver's answer agrees with it.
        let mut rng = crate::rng::Rng::new(7);
        let n = 200;
        let planted: Vec<bool> = (0..n).map(|_| rng.next_u64() & 1 == 1).collect();
        let mut s = Solver::new();
        let mut clauses = Vec::new();
        while clauses.len() < 4 * n {
            let c: Vec<Lit> = (0..3)
                .map(|_| {
                    let v = rng.below(n);
                    Lit::new(crate::lit::Var(v as u32), rng.next_u64() & 1 == 1)
                })
                .collect();
            if c.iter().any(|l| planted[l.var().index()] != l.is_negative()) {
                clauses.push(c);
            }
        }
        for c in &clauses {
            s.add_clause(c);
        }
        assert!(s.propagate().is_none());
        s.params.walk_min_ticks = 10_000_000;
        assert_eq!(s.walk(), Some(0), "the walk should satisfy a planted 3-SAT formula");
        let conflicts = s.stats.conflicts;
        assert_eq!(s.solve(), crate::lit::SolveResult::Sat);
        assert_eq!(s.stats.conflicts, conflicts, "phases of a model need no conflict");
        for c in &clauses {
            assert!(c.iter().any(|&l| s.value(l) == Some(true)));
        }
    }
}
