//! The configuration of `vigil check`: one parameter table per engine, for the VM and for the
//! portfolio, declared with the SAT core's table macro (`vigil_sat::param_table!`: name, type,
//! default, domain, description; values outside the domain are rejected, never clamped), plus the
//! bit-vector solver's configuration with the SAT core's parameters (`vigil_bv::config`), which
//! each symbolic engine applies on top of its class's tuned configuration
//! ([`crate::solver_class`]; `[solver] class` chooses that starting point).
//!
//! Sources, applied in order: the defaults, `--config FILE` (TOML, sections `[explicit]`,
//! `[vm]`, `[synergy]`, `[static]`, `[portfolio]`, `[solver]`, `[bv]`, `[bv.rewrite]`, `[sat]`), each
//! `-C section.key=value`, and last the dedicated options (`--max-states`, `--unroll`, …) when
//! they are given. A file and a `-C` setting go through the same reader
//! ([`vigil_bv::config::parse_toml`]); unknown sections or keys and bad values are errors.
//! `vigil params` lists every key.

use vigil_bv::config::{parse_toml, ConfigValue, SolverConfig};
use vigil_sat::params::{Domain, ParamError};

vigil_sat::choice_enum!(
    /// Search order of the explicit engine.
    SearchOrder { Dfs = "dfs", Bfs = "bfs", Mixed = "mixed", Auto = "auto" }
);

vigil_sat::choice_enum!(
    /// What a data race (or an atomic weaker than seq_cst) does to the explicit engine's verdict
    /// of the properties other than no-data-race (README, "Racy programs under the other
    /// properties").
    RacyPolicy { Sc = "sc", Unknown = "unknown" }
);

vigil_sat::choice_enum!(
    /// Which inputs the explicit engine keeps symbolic (`--symbolic`).
    SymbolicMode { Auto = "auto", Always = "always", Never = "never" }
);

vigil_sat::choice_enum!(
    /// The synergy engine's algorithm.
    SynergyAlgorithm { Synergy = "synergy", LeeYannakakis = "lee-yannakakis", Cegar = "cegar" }
);

const MAXI: u64 = 1 << 40;

vigil_sat::param_table! {
    /// The explicit engine (`[explicit]`).
    pub struct ExplicitParams {
        max_states: u64 = 5_000_000, Domain::Range(1, u64::MAX), "stop the search after this many states (unknown)";
        search: SearchOrder = SearchOrder::Mixed, Domain::Any, "search order: mixed (a DFS and a BFS step in turn), dfs, bfs, or auto (dfs until the program starts a thread, then mixed)";
        confirm_max_states: u64 = 200_000, Domain::Range(1, u64::MAX), "states explored to confirm another engine's input vector on the VM";
        por: bool = true, Domain::Any, "sleep sets (partial-order reduction, Godefroid LNCS 1032 ch. 5) in thread programs, under racy=sc and properties other than no-data-race";
        racy: RacyPolicy = RacyPolicy::Sc, Domain::Any, "racy programs (and weak atomics) under properties other than no-data-race: sc (SV-COMP: the verdict of the sequentially consistent interleavings, with a warning) or unknown (strict: no true)";
        symbolic: SymbolicMode = SymbolicMode::Auto, Domain::Any, "inputs kept symbolic: auto (wider than 8 bits, unless --nondet-range), always (chars too) or never";
        forget_dead_inputs: bool = true, Domain::Any, "store symbolic states with the inputs no term mentions any more forgotten (their path-condition conjuncts dropped) and the others renamed, so loops that read an input and forget it close their state space";
        branch_quick_conflicts: u64 = 0, Domain::Range(0, MAXI), "SAT conflicts of the first feasibility check of each side of a symbolic branch (sequential programs); a side left undecided is explored after every decided one, unless a check with the full budget refutes it (0, the default: decide each side at once; 500 decides Ultimate's CEXS_loop float tasks, but a violation's rerun can then diverge)";
    }
}

vigil_sat::param_table! {
    /// The virtual machine (`[vm]`).
    pub struct VmParams {
        max_steps: u64 = 50_000_000, Domain::Range(1, u64::MAX), "instructions after which a transition is cut off (the path is then incomplete)";
        malloc_can_fail: bool = false, Domain::Any, "let malloc, calloc and realloc fail (return NULL) nondeterministically";
    }
}

vigil_sat::param_table! {
    /// The synergy engine (`[synergy]`).
    pub struct SynergyParams {
        algorithm: SynergyAlgorithm = SynergyAlgorithm::Synergy, Domain::Any, "synergy, or the lee-yannakakis and cegar baselines";
        generalize: bool = true, Domain::Any, "generalise refinements (RefineWithGeneralization)";
        max_iterations: u64 = 10_000, Domain::Range(1, MAXI), "main-loop iterations before unknown";
        test_step_bound: u64 = 100_000, Domain::Range(1, MAXI), "block steps after which a synergy test stops (in a second run, long tests go on within a third of the time)";
        memory_percent: u64 = 40, Domain::Range(1, 100), "share (%) of portfolio.max_memory_mib the engine's own structures may take (estimated) before it answers unknown";
    }
}

vigil_sat::param_table! {
    /// The static engine (`[static]`).
    pub struct StaticParams {
        unroll: u64 = 1, Domain::Range(0, 1_000), "how many times each loop is unrolled (in the first round)";
        max_unroll: u64 = 64, Domain::Range(0, 1_000), "a round that cuts loops and confirms no bug is followed by one with twice the bound, up to this (--unroll K: K)";
        summary_expand_limit: u64 = 500, Domain::Range(1, MAXI), "summary expansions per verification condition before giving up on it";
        refine_batch: u64 = 16, Domain::Range(1, 4_096), "summaries expanded at most per refinement round (the rounds expand 1, 2, 4, … up to this)";
        deref_inline_limit: u64 = 64, Domain::Range(0, MAXI), "pointer-sized summaries of at most this many nodes are inlined at the call";
        max_unrolled_nodes: u64 = 100_000, Domain::Range(1, MAXI), "functions whose unrolled graph is larger are skipped";
        max_contexts: u64 = 64, Domain::Range(1, MAXI), "calling contexts a verification condition is lifted into";
        vc_conflict_limit: u64 = 20_000, Domain::Range(0, MAXI), "SAT conflicts per solver call (0: no limit)";
    }
}

vigil_sat::param_table! {
    /// The portfolio (`[portfolio]`).
    pub struct PortfolioParams {
        max_memory_mib: u64 = 8192, Domain::Range(1, 1 << 30), "resident memory (MiB) above which every engine stops (unknown); the explicit store's limit too";
        wind_down_ms: u64 = 5_000, Domain::Range(0, 600_000), "how long engines get to stop after a cancellation";
        memory_check_ms: u64 = 100, Domain::Range(1, 60_000), "interval between two checks of the resident memory";
        static_delay_ms: u64 = 1_000, Domain::Range(0, 600_000), "the static engine starts this long after the others, or when they have all finished";
    }
}

/// Everything `vigil check` can be configured with.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub explicit: ExplicitParams,
    pub vm: VmParams,
    pub synergy: SynergyParams,
    pub static_: StaticParams,
    pub portfolio: PortfolioParams,
    /// `[bv]`, `[bv.rewrite]` and `[sat]` applied to the defaults (what the settings say alone).
    pub solver: SolverConfig,
    /// The same settings as read, in order: each engine applies them on top of its class's
    /// configuration ([`crate::solver_class::engine_solver`]).
    pub solver_settings: Vec<crate::solver_class::Setting>,
    /// `[solver] class`: where the engines' solver configurations start.
    pub solver_class: crate::solver_class::SolverClass,
}

/// The sections of the parameter tables, with their listings.
fn tables() -> [(&'static str, String); 5] {
    [
        ("explicit", ExplicitParams::listing()),
        ("vm", VmParams::listing()),
        ("synergy", SynergyParams::listing()),
        ("static", StaticParams::listing()),
        ("portfolio", PortfolioParams::listing()),
    ]
}

impl Config {
    /// Applies a TOML text (`origin` names it in errors).
    pub fn apply_toml(&mut self, text: &str, origin: &str) -> Result<(), String> {
        self.apply_text(text, origin, true)
    }

    /// Applies a TOML text; errors name `origin`, and the line when `lines` (a file's).
    fn apply_text(&mut self, text: &str, origin: &str, lines: bool) -> Result<(), String> {
        let entries = parse_toml(text).map_err(|e| format!("{origin}: {e}"))?;
        for (section, key, value, line) in entries {
            let at = |e: String| if lines { format!("{origin}: line {line}: {e}") } else { format!("{origin}: {e}") };
            if self.solver.apply(&section, &key, value.clone(), line).map_err(|e| format!("{origin}: {e}"))? {
                self.solver_settings.push((section, key, value, line));
                continue;
            }
            if section == "solver" {
                match (key.as_str(), &value) {
                    ("class", ConfigValue::Str(c)) => {
                        self.solver_class = crate::solver_class::SolverClass::parse(c).map_err(at)?
                    }
                    _ => return Err(at(format!("[solver] {key}: the only key is class = \"tuned\" | \"default\" | \"CLASS\""))),
                }
                continue;
            }
            let text = match value {
                ConfigValue::Bool(b) => b.to_string(),
                ConfigValue::Int(i) => i.to_string(),
                ConfigValue::Float(f) => f.to_string(),
                ConfigValue::Str(s) => s,
                ConfigValue::StrArray(_) => return Err(at(format!("[{section}] {key}: arrays are not accepted"))),
            };
            let set = |r: Result<(), ParamError>| r.map_err(|e| at(format!("[{section}] {e} (see vigil params)")));
            match section.as_str() {
                "explicit" => set(self.explicit.set(&key, &text))?,
                "vm" => set(self.vm.set(&key, &text))?,
                "synergy" => set(self.synergy.set(&key, &text))?,
                "static" => set(self.static_.set(&key, &text))?,
                "portfolio" => set(self.portfolio.set(&key, &text))?,
                "" => return Err(at(format!("{key} is outside a [section]"))),
                other => return Err(at(format!("unknown section [{other}] (see vigil params)"))),
            }
        }
        Ok(())
    }

    /// Applies `-C section.key=value` (the value as in a TOML file; a word is read as a string).
    pub fn apply_setting(&mut self, setting: &str) -> Result<(), String> {
        let bad = || format!("-C {setting}: expected section.key=value (see vigil params)");
        let (path, value) = setting.split_once('=').ok_or_else(bad)?;
        let (section, key) = path.trim().rsplit_once('.').ok_or_else(bad)?;
        let value = value.trim();
        let plain = value.starts_with('"') || value.starts_with('[') || parse_toml(&format!("x = {value}")).is_ok();
        let value = if plain { value.to_string() } else { format!("\"{value}\"") };
        self.apply_text(&format!("[{section}]\n{key} = {value}\n"), &format!("-C {setting}"), false)
    }

    /// Every key with its type, default, domain and description, by section.
    pub fn listing() -> String {
        let mut s = String::from(
            "vigil check reads these keys from --config FILE (TOML, [section] then key = value) and from\n\
             -C section.key=value; the options --max-states, --search, --max-memory, --malloc-can-fail,\n\
             --algorithm, --no-generalize and --unroll override them.\n",
        );
        for (section, listing) in tables() {
            s.push_str(&format!("\n[{section}]\n{listing}"));
        }
        s.push_str(&format!(
            "\n[solver]\n  class (string, default \"tuned\"): the configuration the symbolic engines' solvers start from:\n    \
             tuned (the explicit engine's from class {}, the static engine's from class {}, as shipped;\n    \
             synergy's from the defaults), default (the solver's defaults), or a shipped class ({});\n    \
             the [sat], [bv] and [bv.rewrite] settings apply on top; stats names the result (solver_config)\n",
            crate::solver_class::EXPLICIT_CLASS,
            crate::solver_class::STATIC_CLASS,
            vigil_tune::db::shipped_classes().join(", ")
        ));
        s.push_str(&format!(
            "\n[sat] (the SAT core of the symbolic engines' solver)\n{}\n\
             [bv] check-models (bool), conflict-limit (int), timeout-s (number), disable-rules (array of rule names),\n  \
             model-cache (int, 0-1024: recent models that answer a satisfiable check first; explicit engine 4, others 0),\n  \
             decision-scope (\"all\", \"cone\" or \"inputs\": the SAT variables a check decides: all, the cone of the\n  \
             asserted and assumed circuits, or that cone's inputs; \"cone-confined\", \"inputs-confined\": that scope\n  \
             with propagation confined to the cone too), confine-propagation (bool: the same as the -confined\n  \
             settings, kept as an alias; the later key wins), interval-models (bool: try a model from the\n  \
             intervals of single-input linear constraints first), interval-bits (bool: assume the bits they fix),\n  \
             interval-refute (bool: unsat from the intervals without the SAT core); all three default false,\n  \
             neighbour-models (int, 0-4096, default 64: assignments near the last model tried when a check has run\n  \
             neighbour-after conflicts, default 2000, without an answer; 0 turns them off)\n\
             [bv.rewrite] RULE = bool, for each rewrite rule of the bit-vector layer (on by default except {})\n",
            vigil_sat::Params::listing(),
            vigil_bv::Rule::OFF_BY_DEFAULT.iter().map(|r| r.name()).collect::<Vec<_>>().join(", ")
        ));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_engines_defaults() {
        let c = Config::default();
        let s = vigil_static::Options::default();
        assert_eq!(c.static_.unroll, u64::from(s.unroll));
        assert_eq!(c.static_.summary_expand_limit, s.summary_expand_limit as u64);
        assert_eq!(c.static_.refine_batch, s.refine_batch as u64);
        assert_eq!(c.static_.deref_inline_limit, s.deref_inline_limit as u64);
        assert_eq!(c.static_.max_unrolled_nodes, s.max_unrolled_nodes as u64);
        assert_eq!(c.static_.max_contexts, s.max_contexts as u64);
        assert_eq!(Some(c.static_.vc_conflict_limit), s.vc_conflict_limit);
        let y = vigil_synergy::Options::default();
        assert_eq!((c.synergy.max_iterations, c.synergy.test_step_bound, c.synergy.generalize), (y.max_iterations, y.test_step_bound, y.generalize));
        for t in [ExplicitParams::default().validate(), VmParams::default().validate(), PortfolioParams::default().validate()] {
            assert!(t.is_ok());
        }
    }

    #[test]
    fn files_and_settings_go_through_one_reader() {
        let mut c = Config::default();
        c.apply_toml("[explicit]\nmax_states = 1_000\nsearch = \"bfs\"\n[sat]\nrestart = \"luby\"\n[bv]\nconflict-limit = 7\n", "f.toml")
            .unwrap();
        assert_eq!((c.explicit.max_states, c.explicit.search), (1_000, SearchOrder::Bfs));
        assert_eq!(c.solver.sat_params.restart, vigil_sat::params::RestartMode::Luby);
        assert_eq!(c.solver.conflict_limit, Some(7));
        c.apply_setting("synergy.algorithm=cegar").unwrap();
        c.apply_setting("vm.malloc_can_fail = true").unwrap();
        c.apply_setting("sat.var_decay=0.9").unwrap();
        c.apply_setting("explicit.symbolic=never").unwrap();
        assert_eq!(c.explicit.symbolic, SymbolicMode::Never);
        assert!(c.apply_setting("explicit.symbolic=sometimes").is_err());
        assert_eq!(c.synergy.algorithm, SynergyAlgorithm::Cegar);
        assert!(c.vm.malloc_can_fail);
        assert_eq!(c.solver.sat_params.var_decay, 0.9);
        assert_eq!(c.solver_settings.len(), 3, "restart, conflict-limit, var_decay");
        assert_eq!(c.solver_class, crate::solver_class::SolverClass::Tuned);
        c.apply_setting("solver.class=default").unwrap();
        assert_eq!(c.solver_class, crate::solver_class::SolverClass::Default);
        assert!(c.apply_setting("solver.class=nope").unwrap_err().contains("rand3sat"));
        assert!(c.apply_setting("solver.other=1").is_err());
    }

    #[test]
    fn bad_settings_are_rejected_with_the_reason() {
        let mut c = Config::default();
        for (setting, needle) in [
            ("explicit.max_states=0", "outside its range"),
            ("explicit.nope=1", "unknown parameter"),
            ("nosuch.key=1", "unknown section"),
            ("max_states=1", "expected section.key=value"),
            ("sat.var_decay=2", "outside its range"),
            ("static.unroll=many", "cannot read"),
        ] {
            let e = c.apply_setting(setting).unwrap_err();
            assert!(e.contains(needle), "{setting}: {e}");
        }
        let e = c.apply_toml("[portfolio]\nwind_down_ms = -1\n", "f.toml").unwrap_err();
        assert!(e.contains("f.toml: line 2"), "{e}");
        assert_eq!(c.explicit.max_states, 5_000_000, "a rejected value changes nothing");
        assert!(Config::listing().contains("[portfolio]") && Config::listing().contains("max_states"));
    }
}
