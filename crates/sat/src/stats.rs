//! Search statistics, printed as `c ` comment lines by the DIMACS front end.
//!
//! Invariant: counters only grow over the solver's lifetime (they are not reset per solve call).

use std::time::Duration;

/// Counters and per-phase times.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub solves: u64,
    pub conflicts: u64,
    pub decisions: u64,
    pub random_decisions: u64,
    pub propagations: u64,
    pub restarts: u64,
    pub blocked_restarts: u64,
    pub learned: u64,
    pub learned_units: u64,
    pub learned_literals: u64,
    pub minimized_literals: u64,
    pub deleted: u64,
    pub reductions: u64,
    pub simplifications: u64,
    pub satisfied_removed: u64,
    pub falsified_literals_removed: u64,
    pub elim_rounds: u64,
    pub eliminated_vars: u64,
    pub elim_resolvents: u64,
    pub elim_learned_dropped: u64,
    pub rephases: u64,
    pub mode_switches: u64,
    pub walks: u64,
    pub walk_flips: u64,
    pub walk_models: u64,
    /// Assumption levels a solve found already on the trail (`keep_trail`).
    pub reused_levels: u64,
    pub time_parse: Duration,
    pub time_search: Duration,
    pub time_simplify: Duration,
    pub time_elim: Duration,
    pub time_reduce: Duration,
    pub time_walk: Duration,
}

impl Stats {
    /// The statistics as `c name value` lines.
    pub fn comment_lines(&self) -> String {
        let s = |d: Duration| format!("{:.3}", d.as_secs_f64());
        let rows: Vec<(&str, String)> = vec![
            ("solve calls", self.solves.to_string()),
            ("conflicts", self.conflicts.to_string()),
            ("decisions", self.decisions.to_string()),
            ("random decisions", self.random_decisions.to_string()),
            ("propagations", self.propagations.to_string()),
            ("restarts", self.restarts.to_string()),
            ("blocked restarts", self.blocked_restarts.to_string()),
            ("learned clauses", self.learned.to_string()),
            ("learned units", self.learned_units.to_string()),
            ("learned literals", self.learned_literals.to_string()),
            (
                "minimised-away literals",
                self.minimized_literals.to_string(),
            ),
            ("deleted learned clauses", self.deleted.to_string()),
            ("reductions", self.reductions.to_string()),
            ("simplifications", self.simplifications.to_string()),
            (
                "satisfied clauses removed",
                self.satisfied_removed.to_string(),
            ),
            (
                "falsified literals removed",
                self.falsified_literals_removed.to_string(),
            ),
            ("elimination rounds", self.elim_rounds.to_string()),
            ("eliminated variables", self.eliminated_vars.to_string()),
            ("elimination resolvents", self.elim_resolvents.to_string()),
            (
                "learned dropped by elimination",
                self.elim_learned_dropped.to_string(),
            ),
            ("mode switches", self.mode_switches.to_string()),
            ("rephases", self.rephases.to_string()),
            ("walks", self.walks.to_string()),
            ("walk flips", self.walk_flips.to_string()),
            ("walks ending in a model", self.walk_models.to_string()),
            ("time parse (s)", s(self.time_parse)),
            ("time search (s)", s(self.time_search)),
            ("time simplify (s)", s(self.time_simplify)),
            ("time elimination (s)", s(self.time_elim)),
            ("time reduce (s)", s(self.time_reduce)),
            ("time walk (s)", s(self.time_walk)),
        ];
        rows.iter()
            .map(|(k, v)| format!("c {k:<32} {v}\n"))
            .collect()
    }
}
