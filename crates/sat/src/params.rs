//! The parameter table: every heuristic choice and constant of the solver, declared once.
//!
//! Each row of [`param_table!`] gives name, type, default, domain (a closed numeric range or the
//! choices of an enum) and a one-line description. The macro is exported: the engines', the VM's
//! and the portfolio's tables (`vigil check -C`) are declared with it too. From that single
//! declaration come the [`Params`] struct, `Params::default()`, validation ([`Params::validate`]; out-of-range values
//! are rejected with an error, never clamped), `name=value` parsing ([`Params::set`]), loading a
//! TOML file ([`Params::load_toml`]) and the listing ([`Params::listing`], [`PARAM_INFO`]).
//! Invariant: search code reads its constants only from `Params`; there are no other tuning knobs.
//!
//! The TOML reader accepts the flat subset a parameter file needs: `name = value` lines, `#`
//! comments, blank lines and optional `[section]` headers (ignored); values are integers, floats,
//! `true`/`false` or quoted strings (for choices). Anything else is an error with its line number.

use std::fmt;

/// A value type that may appear in the parameter table.
pub trait ParamValue: Copy + PartialOrd + fmt::Display {
    /// Short type name for the listing.
    const KIND: &'static str;
    /// Parses a value written by a user.
    fn parse_value(s: &str) -> Option<Self>;
    /// The allowed spellings for choice types (empty for numbers and booleans).
    fn choices() -> &'static [&'static str] {
        &[]
    }
}

impl ParamValue for f64 {
    const KIND: &'static str = "float";
    fn parse_value(s: &str) -> Option<Self> {
        s.parse::<f64>().ok().filter(|x| x.is_finite())
    }
}
impl ParamValue for u64 {
    const KIND: &'static str = "int";
    fn parse_value(s: &str) -> Option<Self> {
        s.replace('_', "").parse::<u64>().ok()
    }
}
impl ParamValue for bool {
    const KIND: &'static str = "bool";
    fn parse_value(s: &str) -> Option<Self> {
        match s {
            "true" | "1" | "yes" | "on" => Some(true),
            "false" | "0" | "no" | "off" => Some(false),
            _ => None,
        }
    }
    fn choices() -> &'static [&'static str] {
        &["false", "true"]
    }
}

/// Where a parameter's values must lie.
#[derive(Clone, Copy, Debug)]
pub enum Domain<T> {
    /// A closed interval `[lo, hi]`.
    Range(T, T),
    /// Every value of the type (booleans and choices).
    Any,
}

impl<T: ParamValue> Domain<T> {
    pub fn contains(&self, v: T) -> bool {
        match *self {
            Domain::Range(lo, hi) => lo <= v && v <= hi,
            Domain::Any => true,
        }
    }
    pub fn describe(&self) -> String {
        match *self {
            Domain::Range(lo, hi) => format!("[{lo}, {hi}]"),
            Domain::Any => {
                let c = T::choices();
                if c.is_empty() {
                    "any".to_string()
                } else {
                    format!("{{{}}}", c.join(", "))
                }
            }
        }
    }
}

/// Declares an enum whose values are a parameter's choices (usable by any table:
/// `vigil_sat::choice_enum!`).
#[macro_export]
macro_rules! choice_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $var:ident = $s:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Debug)]
        pub enum $name { $($(#[$vm])* $var),+ }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(match self { $($name::$var => $s),+ })
            }
        }
        impl $crate::params::ParamValue for $name {
            const KIND: &'static str = "choice";
            fn parse_value(s: &str) -> Option<Self> {
                match s { $($s => Some($name::$var),)+ _ => None }
            }
            fn choices() -> &'static [&'static str] { &[$($s),+] }
        }
    };
}

choice_enum!(
    /// How ties between equally active variables are broken.
    TieBreak { None = "none", Product = "product", Sum = "sum" }
);
choice_enum!(
    /// The cycle of phase sources used by rephasing (see `rephase.rs`).
    RephaseCycle {
        /// Alternate best and walk phases.
        BestWalk = "best_walk",
        /// Original, inverted, then best, walk, original, best, walk, inverted repeated.
        Full = "full",
    }
);
choice_enum!(
    /// Which polarity a decision takes.
    PhaseMode {
        /// The value the variable had last (phase saving).
        Saved = "saved",
        False = "false",
        True = "true",
        /// The literal whose negation has the shorter watch list (less propagation work).
        MinWork = "min_work",
        /// The value in the longest conflict-free trail since the last restart (target phase),
        /// falling back to the saved phase for variables not in it.
        Target = "target",
    }
);
choice_enum!(
    /// Restart policy.
    RestartMode { Luby = "luby", Geometric = "geometric", Glucose = "glucose", Never = "never" }
);
choice_enum!(
    /// Learned-clause minimisation.
    MinimizeMode { None = "none", Local = "local", Recursive = "recursive" }
);
choice_enum!(
    /// Order in which learned clauses are ranked for deletion (worst deleted first).
    ReduceOrder {
        /// Higher LBD is worse; ties by lower activity.
        LbdActivity = "lbd_activity",
        /// Lower activity is worse.
        Activity = "activity",
        /// Higher LBD is worse; ties by longer clause.
        LbdSize = "lbd_size",
        /// Longer clause is worse.
        Size = "size",
        /// Older clause is worse.
        Age = "age",
    }
);
choice_enum!(
    /// Order in which variable elimination tries candidates.
    ElimOrder {
        /// Fewest occurrences (positive + negative) first.
        Rarest = "rarest",
        /// Smallest product of positive and negative occurrences first.
        Product = "product",
        /// Variable index order.
        Index = "index",
    }
);

/// Metadata for one parameter, for listings and tools (the tuner).
#[derive(Clone, Debug)]
pub struct ParamInfo {
    pub name: &'static str,
    pub kind: &'static str,
    pub default: String,
    pub domain: String,
    pub choices: &'static [&'static str],
    pub description: &'static str,
}

/// A rejected parameter setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamError(pub String);

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for ParamError {}

/// Declares a parameter table: a struct with one field per row, its `Default`, and the
/// methods every table shares (`info`, `validate`, `set`, `get`, `set_extreme`,
/// `apply_assignments`, `load_toml`, `listing`). Used by the SAT core ([`Params`]) and by the
/// tables of the engines, the VM and the portfolio. `Domain`, `ParamValue` and the rows' types
/// must be in scope where it is used.
#[macro_export]
macro_rules! param_table {
    ($(#[$meta:meta])* $vis:vis struct $table:ident { $( $name:ident : $ty:ty = $default:expr, $domain:expr, $desc:literal; )* }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq)]
        $vis struct $table { $( #[doc = $desc] pub $name: $ty, )* }

        impl Default for $table {
            fn default() -> Self { $table { $( $name: $default, )* } }
        }

        impl $table {
            /// Names of all parameters, in table order.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name)),*];

            /// Metadata of every parameter, in table order.
            pub fn info() -> Vec<$crate::params::ParamInfo> {
                vec![$( $crate::params::ParamInfo {
                    name: stringify!($name),
                    kind: <$ty as $crate::params::ParamValue>::KIND,
                    default: format!("{}", { let d: $ty = $default; d }),
                    domain: { let d: $crate::params::Domain<$ty> = $domain; d.describe() },
                    choices: <$ty as $crate::params::ParamValue>::choices(),
                    description: $desc,
                }, )*]
            }

            /// Checks every value against its domain.
            pub fn validate(&self) -> Result<(), $crate::params::ParamError> {
                $( {
                    let d: $crate::params::Domain<$ty> = $domain;
                    if !d.contains(self.$name) {
                        return Err($crate::params::ParamError(format!(
                            "parameter {} = {} is outside its range {}",
                            stringify!($name), self.$name, d.describe())));
                    }
                } )*
                Ok(())
            }

            /// Sets parameter `name` from its textual value; rejects unknown names, unparsable
            /// values and values outside the domain (nothing is clamped).
            pub fn set(&mut self, name: &str, value: &str) -> Result<(), $crate::params::ParamError> {
                use $crate::params::{ParamError, ParamValue};
                let value = value.trim();
                match name.trim() {
                    $( stringify!($name) => {
                        let d: $crate::params::Domain<$ty> = $domain;
                        let v = <$ty as ParamValue>::parse_value(value).ok_or_else(|| ParamError(format!(
                            "parameter {}: cannot read '{}' as {} (allowed: {})",
                            stringify!($name), value, <$ty as ParamValue>::KIND, d.describe())))?;
                        if !d.contains(v) {
                            return Err(ParamError(format!(
                                "parameter {} = {} is outside its range {}",
                                stringify!($name), value, d.describe())));
                        }
                        self.$name = v;
                        Ok(())
                    } )*
                    other => Err(ParamError(format!("unknown parameter '{other}'"))),
                }
            }

            /// The current value of parameter `name`, as text.
            pub fn get(&self, name: &str) -> Option<String> {
                match name { $( stringify!($name) => Some(self.$name.to_string()), )* _ => None }
            }

            /// Sets every parameter to the low (`high == false`) or high end of its domain; for
            /// choices, the first or last choice. Used by tests and tuners.
            pub fn set_extreme(&mut self, name: &str, high: bool) -> Result<(), $crate::params::ParamError> {
                for info in $table::info() {
                    if info.name != name { continue; }
                    let v = if info.choices.is_empty() {
                        let inner = info.domain.trim_start_matches('[').trim_end_matches(']');
                        let mut parts = inner.split(", ");
                        let lo = parts.next().unwrap_or("");
                        let hi = parts.next().unwrap_or("");
                        if high { hi.to_string() } else { lo.to_string() }
                    } else if high {
                        info.choices[info.choices.len() - 1].to_string()
                    } else {
                        info.choices[0].to_string()
                    };
                    return self.set(name, &v);
                }
                Err($crate::params::ParamError(format!("unknown parameter '{name}'")))
            }

            /// Applies `name=value` strings in order.
            pub fn apply_assignments<S: AsRef<str>>(&mut self, items: &[S]) -> Result<(), $crate::params::ParamError> {
                for item in items {
                    let item = item.as_ref();
                    let (n, v) = item
                        .split_once('=')
                        .ok_or_else(|| $crate::params::ParamError(format!("expected name=value, got '{item}'")))?;
                    self.set(n, v)?;
                }
                Ok(())
            }

            /// Applies the settings in a (flat, see the `params` module doc) TOML text. Errors
            /// name the line.
            pub fn load_toml(&mut self, text: &str) -> Result<(), $crate::params::ParamError> {
                for (line_no, n, v) in $crate::params::flat_toml(text)? {
                    self.set(&n, &v).map_err(|e| $crate::params::ParamError(format!("line {line_no}: {e}")))?;
                }
                Ok(())
            }

            /// A listing with one line per parameter: name, type, default, domain, description.
            pub fn listing() -> String {
                $crate::params::listing(&$table::info())
            }
        }
    };
}

const MAXI: u64 = 1 << 40;

param_table! {
    /// All solver parameters (see the module doc and [`Params::listing`]).
    pub struct Params {
    // --- decisions -----------------------------------------------------------------------
    var_decay: f64 = 0.95, Domain::Range(0.5, 0.999), "VSIDS activity decay per conflict (EVSIDS: increment grows by 1/decay)";
    var_decay_start: f64 = 0.8, Domain::Range(0.5, 0.999), "initial VSIDS decay, raised towards var_decay (if lower)";
    var_decay_step: f64 = 0.01, Domain::Range(0.0, 0.5), "increase of the VSIDS decay every var_decay_period conflicts until var_decay is reached";
    var_decay_period: u64 = 5000, Domain::Range(1, MAXI), "conflicts between increases of the VSIDS decay";
    tie_break: TieBreak = TieBreak::None, Domain::Any, "tie-breaking between equally active variables: none, larger product or larger sum of positive/negative occurrence counts";
    random_decision_pct: f64 = 0.0, Domain::Range(0.0, 100.0), "percentage of decisions on a random unassigned variable";
    phase: PhaseMode = PhaseMode::Target, Domain::Any, "decision polarity: saved phase, always false, always true, minimal work, or target phase";
    random_phase_pct: f64 = 0.0, Domain::Range(0.0, 100.0), "percentage of decisions that take a random polarity";
    seed: u64 = 91648253, Domain::Range(0, u64::MAX), "seed of the solver's pseudo-random generator";
    rephase: bool = true, Domain::Any, "periodically reset saved and target phases (rephase_cycle) at a restart";
    rephase_cycle: RephaseCycle = RephaseCycle::BestWalk, Domain::Any, "sources of the phases at successive rephases: best_walk alternates best and walk phases; full is original, inverted, then (best, walk, original, best, walk, inverted) repeated";
    rephase_interval: u64 = 1000, Domain::Range(1, MAXI), "conflicts before the k-th rephase: k * rephase_interval after the previous one";
    walk: bool = true, Domain::Any, "walk rephase: ProbSAT local search from the current phases, its best assignment becomes the phases (only without assumptions); off: best phases instead";
    walk_effort: f64 = 0.5, Domain::Range(0.0, 100.0), "walk budget in clause visits per propagation since the previous walk";
    walk_min_ticks: u64 = 100_000, Domain::Range(0, MAXI), "minimum walk budget in clause visits";
    walk_cb: f64 = 0.0, Domain::Range(0.0, 20.0), "ProbSAT exponential break base; 0 picks it from the average clause length (2.5 for 3-SAT)";
    // --- conflict analysis ---------------------------------------------------------------
    minimize: MinimizeMode = MinimizeMode::Recursive, Domain::Any, "learned-clause minimisation: none, local (self-subsumption by reasons) or recursive";
    // --- restarts ------------------------------------------------------------------------
    restart: RestartMode = RestartMode::Glucose, Domain::Any, "restart policy: luby, geometric, glucose (LBD-based dynamic) or never";
    restart_base: u64 = 100, Domain::Range(1, MAXI), "conflicts per restart unit (luby unit, first geometric interval)";
    restart_factor: f64 = 1.5, Domain::Range(1.0, 10.0), "growth factor of geometric restart intervals";
    restart_lbd_window: u64 = 50, Domain::Range(1, 100_000), "glucose: number of recent learned-clause LBDs averaged";
    restart_lbd_margin: f64 = 0.8, Domain::Range(0.01, 1.0), "glucose: restart when recent-average LBD * margin > global average LBD";
    restart_block_window: u64 = 5000, Domain::Range(1, 1_000_000), "glucose: number of recent trail sizes averaged for restart blocking";
    restart_block_factor: f64 = 1.4, Domain::Range(1.0, 10.0), "glucose: block a restart when the trail exceeds factor * recent average";
    restart_block_min: u64 = 10_000, Domain::Range(0, MAXI), "glucose: conflicts before restart blocking starts";
    mode_switch: bool = true, Domain::Any, "alternate focused mode (the restart policy above) and stable mode (Luby restarts, slower VSIDS decay)";
    mode_init: u64 = 1000, Domain::Range(1, MAXI), "conflicts of the first focused phase; its propagation count P is the unit of the later phases (phase i lasts P * (i/2+1)^2 propagations)";
    stable_restart_base: u64 = 1024, Domain::Range(1, MAXI), "stable mode: conflicts per Luby restart unit (reluctant doubling)";
    stable_var_decay: f64 = 0.975, Domain::Range(0.5, 0.999), "stable mode: VSIDS activity decay per conflict";
    // --- learned clause database ---------------------------------------------------------
    reduce_first: u64 = 2000, Domain::Range(1, MAXI), "conflicts before the first learned-clause reduction";
    reduce_inc: u64 = 300, Domain::Range(0, MAXI), "increase of the reduction interval after each reduction";
    reduce_fraction: f64 = 0.5, Domain::Range(0.0, 1.0), "fraction of the deletable learned clauses removed at each reduction";
    reduce_order: ReduceOrder = ReduceOrder::LbdActivity, Domain::Any, "ranking of learned clauses for deletion";
    lbd_update: bool = true, Domain::Any, "recompute the LBD of a learned clause above lbd_keep when it takes part in conflict analysis; keep the smaller value";
    lbd_keep: u64 = 2, Domain::Range(0, 1000), "learned clauses with LBD at most this are never deleted (glue clauses)";
    clause_decay: f64 = 0.999, Domain::Range(0.5, 0.99999), "learned-clause activity decay per conflict";
    garbage_fraction: f64 = 0.25, Domain::Range(0.0, 1.0), "compact the clause arena when this fraction of it is garbage";
    // --- inprocessing --------------------------------------------------------------------
    simplify: bool = true, Domain::Any, "at level 0, remove satisfied clauses and falsified literals when new units appeared";
    simplify_props: f64 = 1.0, Domain::Range(0.0, 1000.0), "a level-0 simplification waits until the propagations since the previous one reach this multiple of the clause arena's size in words (MiniSat's simpDB_props), so its cost is amortised; 0: at every new unit";
    keep_trail: bool = false, Domain::Any, "incremental solving: keep the decision levels of the assumptions the next solve shares (its assumptions reordered to follow them) instead of backtracking to level 0 after each solve";
    elim: bool = false, Domain::Any, "bounded variable elimination; off by default for the incremental API, on by default for DIMACS solving (vigil sat); non-frozen variables only";
    elim_max_occ: u64 = 40, Domain::Range(1, 100_000), "only eliminate variables occurring in at most this many irredundant clauses";
    elim_max_resolvent: u64 = 20, Domain::Range(2, 100_000), "skip a variable if one of its resolvents would have more literals than this";
    elim_grow: u64 = 8, Domain::Range(0, 1000), "allowed increase in the number of clauses when eliminating one variable";
    elim_lit_budget: u64 = 20_000_000, Domain::Range(1, MAXI), "maximum total literals visited by one elimination round";
    elim_order: ElimOrder = ElimOrder::Rarest, Domain::Any, "order in which elimination candidates are tried";
    elim_rounds: u64 = 1, Domain::Range(0, 1000), "how many times elimination runs during one solve call";
    elim_interval: u64 = 20_000, Domain::Range(1, MAXI), "conflicts between elimination rounds (rounds after the first run at restarts)";
    elim_drop_learned: bool = true, Domain::Any, "drop learned clauses that contain an eliminated variable (keeping them is also sound)";
    }
}

/// The `(line, name, value)` settings of a flat TOML text (see the module doc): section headers
/// are skipped, quotes around a value removed.
pub fn flat_toml(text: &str) -> Result<Vec<(usize, String, String)>, ParamError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = strip_comment(raw).trim();
        if line.is_empty() || (line.starts_with('[') && line.ends_with(']')) {
            continue;
        }
        let (n, v) = line
            .split_once('=')
            .ok_or_else(|| ParamError(format!("line {line_no}: expected 'name = value', got '{line}'")))?;
        let v = v.trim();
        let v = if v.len() >= 2 && v.starts_with('"') && v.ends_with('"') { &v[1..v.len() - 1] } else { v };
        out.push((line_no, n.trim().to_string(), v.to_string()));
    }
    Ok(out)
}

/// One line per parameter: name, type, default, domain, description.
pub fn listing(info: &[ParamInfo]) -> String {
    let mut s = String::new();
    for p in info {
        s.push_str(&format!("{:<22} {:<6} default {:<12} {:<32} {}\n", p.name, p.kind, p.default, p.domain, p.description));
    }
    s
}

fn strip_comment(line: &str) -> &str {
    let mut in_str = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => in_str = !in_str,
            '#' if !in_str => return &line[..i],
            _ => {}
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_and_listed() {
        assert!(Params::default().validate().is_ok());
        assert_eq!(Params::info().len(), Params::NAMES.len());
        assert!(Params::listing().contains("var_decay"));
    }

    #[test]
    fn out_of_range_is_rejected_not_clamped() {
        let mut p = Params::default();
        let e = p.set("var_decay", "1.5").unwrap_err();
        assert!(e.0.contains("outside its range"), "{e}");
        assert_eq!(p.var_decay, 0.95);
        assert!(p.set("phase", "sideways").is_err());
        assert!(p.set("no_such", "1").is_err());
        p.set("phase", "min_work").unwrap();
        assert_eq!(p.phase, PhaseMode::MinWork);
        p.var_decay = 2.0;
        assert!(p.validate().is_err());
    }

    #[test]
    fn toml_loading() {
        let mut p = Params::default();
        p.load_toml(
            "# comment\n[sat]\nrestart = \"luby\"  # trailing\nrestart_base = 50\nelim = true\n",
        )
        .unwrap();
        assert_eq!(p.restart, RestartMode::Luby);
        assert_eq!(p.restart_base, 50);
        assert!(p.elim);
        let e = p.load_toml("\nrestart_base = 0\n").unwrap_err();
        assert!(e.0.starts_with("line 2:"), "{e}");
        assert!(p.load_toml("junk\n").is_err());
    }

    #[test]
    fn extremes_are_settable() {
        for name in Params::NAMES {
            let mut p = Params::default();
            p.set_extreme(name, false).unwrap();
            p.set_extreme(name, true).unwrap();
            assert!(p.validate().is_ok());
        }
    }
}
