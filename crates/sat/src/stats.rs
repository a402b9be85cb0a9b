//! Search statistics, printed as `c ` comment lines by the DIMACS front end.
//!
//! Invariant: counters only grow over the solver's lifetime (they are not reset per solve call).

use std::time::Duration;

/// Declares the counters: each row is a field of [`Stats`] and its label in
/// [`Stats::comment_lines`] (in that order).
macro_rules! stats_table {
    ($($field:ident: $ty:ty => $label:literal,)*) => {
        /// Counters and per-phase times.
        #[derive(Clone, Debug, Default)]
        pub struct Stats {
            $(pub $field: $ty,)*
        }

        impl Stats {
            /// The statistics as `c name value` lines.
            pub fn comment_lines(&self) -> String {
                let mut out = String::new();
                $(out.push_str(&format!("c {:<32} {}\n", $label, Shown::shown(&self.$field)));)*
                out
            }
        }
    };
}

/// How a counter is printed: counts as integers, times in seconds with three decimals.
trait Shown {
    fn shown(&self) -> String;
}

impl Shown for u64 {
    fn shown(&self) -> String {
        self.to_string()
    }
}

impl Shown for Duration {
    fn shown(&self) -> String {
        format!("{:.3}", self.as_secs_f64())
    }
}

stats_table! {
    solves: u64 => "solve calls",
    conflicts: u64 => "conflicts",
    decisions: u64 => "decisions",
    random_decisions: u64 => "random decisions",
    propagations: u64 => "propagations",
    restarts: u64 => "restarts",
    blocked_restarts: u64 => "blocked restarts",
    learned: u64 => "learned clauses",
    learned_units: u64 => "learned units",
    learned_literals: u64 => "learned literals",
    minimized_literals: u64 => "minimised-away literals",
    deleted: u64 => "deleted learned clauses",
    reductions: u64 => "reductions",
    simplifications: u64 => "simplifications",
    satisfied_removed: u64 => "satisfied clauses removed",
    falsified_literals_removed: u64 => "falsified literals removed",
    elim_rounds: u64 => "elimination rounds",
    eliminated_vars: u64 => "eliminated variables",
    elim_resolvents: u64 => "elimination resolvents",
    elim_learned_dropped: u64 => "learned dropped by elimination",
    mode_switches: u64 => "mode switches",
    rephases: u64 => "rephases",
    walks: u64 => "walks",
    walk_flips: u64 => "walk flips",
    walk_models: u64 => "walks ending in a model",
    reused_levels: u64 => "reused assumption levels",
    time_parse: Duration => "time parse (s)",
    time_search: Duration => "time search (s)",
    time_simplify: Duration => "time simplify (s)",
    time_elim: Duration => "time elimination (s)",
    time_reduce: Duration => "time reduce (s)",
    time_walk: Duration => "time walk (s)",
}
