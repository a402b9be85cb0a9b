//! Which solver configuration each symbolic engine of `vigil check` runs: its class's tuned
//! configuration from the database shipped in the binary (`vigil_tune::db`; Babić's thesis §5.3
//! and Hutter, Babić, Hoos, Hu, FMCAD 2007: Spear ran the configuration tuned for the class of
//! verification conditions at hand), the plain defaults, or another shipped class.
//!
//! `[solver] class` (`-C solver.class=VALUE`) chooses the starting point: `tuned` (the default:
//! the explicit engine's solver starts from class [`EXPLICIT_CLASS`], the static engine's from
//! [`STATIC_CLASS`]; an engine whose class has no shipped configuration, like synergy, starts from
//! the defaults), `default` (every engine starts from the defaults), or the name of a shipped
//! class (every engine starts from it). The `[sat]`, `[bv]` and `[bv.rewrite]` settings of
//! `--config` and `-C` then apply on top, in their order. The explicit and static engines build
//! their terms with the result's `[bv.rewrite]` rules and run their solvers with its `[sat]`
//! parameters, so every tunable choice of a class reaches them.
//!
//! Invariants: a configuration only changes how fast the solver answers, never what it answers
//! (the tuner rejects configurations that answer differently, and every solver answer is sound
//! under any parameter values); the name of the configuration an engine ran is reported in
//! `stats` (`solver_config`), with the number of settings applied on top.

use vigil_bv::config::{ConfigValue, SolverConfig};

/// The class of the explicit engine's symbolic-data queries.
pub const EXPLICIT_CLASS: &str = "explicit-queries";
/// The class of the static engine's verification conditions.
pub const STATIC_CLASS: &str = "static-vcs";

/// The starting point of the engines' solver configurations (`[solver] class`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SolverClass {
    /// Each engine's own class, where one is shipped.
    #[default]
    Tuned,
    /// The solver's defaults.
    Default,
    /// One shipped class for every engine.
    Named(String),
}

impl SolverClass {
    /// Reads a `[solver] class` value: `tuned`, `default`, or a shipped class.
    pub fn parse(value: &str) -> Result<SolverClass, String> {
        match value {
            "tuned" => Ok(SolverClass::Tuned),
            "default" => Ok(SolverClass::Default),
            c => vigil_tune::db::shipped_or_error(c)
                .map(|_| SolverClass::Named(c.to_string()))
                .map_err(|e| format!("[solver] class: expected tuned, default or a class: {e}")),
        }
    }
}

/// One `[sat]`, `[bv]` or `[bv.rewrite]` setting as read (section, key, value, line).
pub type Setting = (String, String, ConfigValue, usize);

/// The configuration the engine whose class is `engine_class` (None: it has none) runs, and its
/// name for `stats`.
pub fn engine_solver(class: &SolverClass, engine_class: Option<&str>, settings: &[Setting]) -> (SolverConfig, String) {
    let base = match class {
        SolverClass::Default => None,
        SolverClass::Tuned => engine_class.and_then(|c| vigil_tune::db::shipped(c).map(|t| (c, t))),
        SolverClass::Named(c) => vigil_tune::db::shipped(c).map(|t| (c.as_str(), t)),
    };
    // The shipped files load (a vigil-tune test checks every one); a failure would fall back to
    // the defaults, which is named as such.
    let (mut config, mut name) = match base.and_then(|(c, t)| SolverConfig::from_toml_str(t).ok().map(|s| (s, c))) {
        Some((s, c)) => (s, c.to_string()),
        None => (SolverConfig::default(), "default".to_string()),
    };
    for (section, key, value, line) in settings {
        // Validated when read (`Config::apply_toml`), so this cannot fail.
        let _ = config.apply(section, key, value.clone(), *line);
    }
    if !settings.is_empty() {
        name.push_str(&format!(
            " + {} setting{}",
            settings.len(),
            if settings.len() == 1 { "" } else { "s" }
        ));
    }
    (config, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_defaults_and_settings() {
        assert_eq!(SolverClass::parse("tuned").unwrap(), SolverClass::Tuned);
        assert_eq!(SolverClass::parse("default").unwrap(), SolverClass::Default);
        assert!(SolverClass::parse("no-such-class").unwrap_err().contains("rand3sat"));
        let (c, n) = engine_solver(&SolverClass::Default, Some(STATIC_CLASS), &[]);
        assert_eq!(n, "default");
        assert_eq!(c.sat_params.var_decay, SolverConfig::default().sat_params.var_decay);
        // An engine without a class runs the defaults under `tuned`.
        assert_eq!(engine_solver(&SolverClass::Tuned, None, &[]).1, "default");
        // A named class applies to every engine, and settings come on top of it.
        let shipped = SolverConfig::from_toml_str(vigil_tune::db::shipped("rand3sat").unwrap()).unwrap();
        let s = vec![("sat".to_string(), "restart_base".to_string(), ConfigValue::Int(77), 1)];
        let (c, n) = engine_solver(&SolverClass::Named("rand3sat".into()), None, &s);
        assert_eq!(n, "rand3sat + 1 setting");
        assert_eq!(c.sat_params.restart_base, 77);
        assert_eq!(c.sat_params.var_decay, shipped.sat_params.var_decay);
        // Each engine's shipped class is used under `tuned`.
        for class in [EXPLICIT_CLASS, STATIC_CLASS] {
            let (_, n) = engine_solver(&SolverClass::Tuned, Some(class), &[]);
            let expected = if vigil_tune::db::shipped(class).is_some() { class } else { "default" };
            assert_eq!(n, expected);
        }
    }
}
