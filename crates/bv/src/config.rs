//! Solver configuration: this layer's own choices plus the SAT core's parameter table, loadable
//! from a TOML file (Babić thesis §5.2: Spear exposes its heuristics as tunable parameters; the
//! tuner stores the configuration it finds per problem class as a named file).
//!
//! Invariants: unknown sections, unknown keys, unknown rule names and wrongly typed values are
//! errors with a line number, never silently ignored. Only a TOML subset is read: `[section]`
//! headers, `key = value` with booleans, integers, floats, strings and arrays of strings, and
//! `#` comments. The `[sat]` table is kept as name/value pairs and handed to the SAT core.

use std::path::Path;
use std::time::Duration;

use crate::rewrite::{RewriteConfig, Rule};

/// A scalar or array from the configuration file.
#[derive(Clone, PartialEq, Debug)]
pub enum ConfigValue {
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    StrArray(Vec<String>),
}

/// A configuration error with its line (1-based; 0 when not tied to a line).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConfigError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "configuration line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ConfigError {}

/// Everything the bit-vector solver can be configured with.
#[derive(Clone, Debug)]
pub struct SolverConfig {
    /// Which rewrite rules apply to terms built by the SMT-LIB front end. `[bv] disable-rules`,
    /// `[bv.rewrite] <rule> = bool`. Default: all on.
    pub rewrite: RewriteConfig,
    /// Re-evaluate asserted terms under every model found. `[bv] check-models`.
    /// Default: on in debug builds, off in release builds.
    pub check_models: bool,
    /// Conflict budget per check. `[bv] conflict-limit`. Default: none.
    pub conflict_limit: Option<u64>,
    /// Wall-clock budget from solver creation. `[bv] timeout-s`. Default: none.
    pub timeout: Option<Duration>,
    /// How many recent models answer later checks they satisfy (`crate::model_cache`).
    /// `[bv] model-cache`. Default: none (the solver's user decides; a plain solver keeps none).
    pub model_cache: Option<usize>,
    /// Which SAT variables a check decides (`crate::cone`). `[bv] decision-scope = "all" |
    /// "cone" | "inputs" | "cone-confined" | "inputs-confined"` (the last two also set
    /// `confine_propagation`). Default: all.
    pub decision_scope: crate::cone::DecisionScope,
    /// With a decision scope other than `all`: confine unit propagation to the cone as well
    /// (`crate::cone`). `[bv] confine-propagation`, or a `-confined` decision scope (the later
    /// key of a file wins). Default: off.
    pub confine_propagation: bool,
    /// Before the SAT core, try a model built from the intervals of single-input linear
    /// constraints (`crate::interval_models`). `[bv] interval-models`. Default: off.
    pub interval_models: bool,
    /// With interval models: when no candidate works, also assume the variable bits the
    /// intervals fix (`crate::interval_models::IntervalModels::implied_bits`). `[bv]
    /// interval-bits`. Default: off.
    pub interval_bits: bool,
    /// With interval models: answer `unsat` without the SAT core when the intervals refute the
    /// check (a bounded slice with no value left, or a root that reads only bits the intervals
    /// pin to one value and is false under them; `crate::interval_models::IntervalModels::refutation`).
    /// `[bv] interval-refute`. Default: off.
    pub interval_refute: bool,
    /// After a check has run [`SolverConfig::neighbour_after`] conflicts in the SAT core without an
    /// answer, this many assignments near the last model are tried before the search goes on
    /// (`crate::neighbour_models`; 0: off). `[bv] neighbour-models`. Default: 64.
    pub neighbour_models: usize,
    /// The conflicts a check runs before neighbour models are tried. `[bv] neighbour-after`.
    /// Default: 2000.
    pub neighbour_after: u64,
    /// The `[sat]` table, in file order: parameter names of the SAT core and their values.
    pub sat: Vec<(String, ConfigValue)>,
    /// The SAT core's parameters: its defaults with the `[sat]` table applied (validated by
    /// the SAT core's own parameter table when the file is read).
    pub sat_params: vigil_sat::Params,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            rewrite: RewriteConfig::default(),
            check_models: cfg!(debug_assertions),
            conflict_limit: None,
            timeout: None,
            model_cache: None,
            decision_scope: crate::cone::DecisionScope::All,
            confine_propagation: false,
            interval_models: false,
            interval_bits: false,
            interval_refute: false,
            neighbour_models: 64,
            neighbour_after: 2000,
            sat: Vec::new(),
            sat_params: vigil_sat::Params::default(),
        }
    }
}

fn err(line: usize, message: impl Into<String>) -> ConfigError {
    ConfigError { line, message: message.into() }
}

fn parse_value(line: usize, s: &str) -> Result<ConfigValue, ConfigError> {
    let s = s.trim();
    if s == "true" || s == "false" {
        return Ok(ConfigValue::Bool(s == "true"));
    }
    if let Some(inner) = s.strip_prefix('"') {
        let body = inner.strip_suffix('"').ok_or_else(|| err(line, "unterminated string"))?;
        if body.contains('"') || body.contains('\\') {
            return Err(err(line, "escapes in strings are not supported"));
        }
        return Ok(ConfigValue::Str(body.to_string()));
    }
    if let Some(inner) = s.strip_prefix('[') {
        let body = inner.strip_suffix(']').ok_or_else(|| err(line, "unterminated array (arrays must be on one line)"))?;
        let mut items = Vec::new();
        for part in body.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match parse_value(line, part)? {
                ConfigValue::Str(x) => items.push(x),
                _ => return Err(err(line, "only arrays of strings are supported")),
            }
        }
        return Ok(ConfigValue::StrArray(items));
    }
    let digits = s.replace('_', "");
    if let Ok(i) = digits.parse::<i64>() {
        return Ok(ConfigValue::Int(i));
    }
    if let Ok(f) = digits.parse::<f64>() {
        return Ok(ConfigValue::Float(f));
    }
    Err(err(line, format!("cannot read value `{s}`")))
}

/// Parses the TOML subset into `(section, key, value, line)` entries.
pub fn parse_toml(text: &str) -> Result<Vec<(String, String, ConfigValue, usize)>, ConfigError> {
    let mut section = String::new();
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = match raw.find('#') {
            // A '#' inside a string is not a comment; strings here cannot contain quotes.
            Some(p) if raw[..p].matches('"').count() % 2 == 0 => &raw[..p],
            _ => raw,
        };
        let content = content.trim();
        if content.is_empty() {
            continue;
        }
        if let Some(h) = content.strip_prefix('[') {
            let name = h.strip_suffix(']').ok_or_else(|| err(line, "malformed section header"))?;
            section = name.trim().to_string();
            continue;
        }
        let (k, v) = content.split_once('=').ok_or_else(|| err(line, "expected `key = value`"))?;
        let key = k.trim().trim_matches('"').to_string();
        if key.is_empty() {
            return Err(err(line, "empty key"));
        }
        out.push((section.clone(), key, parse_value(line, v)?, line));
    }
    Ok(out)
}

impl SolverConfig {
    /// Reads a configuration file (see the module doc for the accepted subset).
    pub fn load(path: &Path) -> Result<Self, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| err(0, format!("cannot read {}: {e}", path.display())))?;
        Self::from_toml_str(&text)
    }

    /// Loads configuration `name` from directory `dir` (the file `dir/name.toml`).
    pub fn load_named(dir: &Path, name: &str) -> Result<Self, ConfigError> {
        if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
            return Err(err(0, format!("invalid configuration name `{name}`")));
        }
        Self::load(&dir.join(format!("{name}.toml")))
    }

    pub fn from_toml_str(text: &str) -> Result<Self, ConfigError> {
        let mut c = SolverConfig::default();
        for (section, key, value, line) in parse_toml(text)? {
            if !c.apply(&section, &key, value, line)? {
                return Err(err(line, format!("unknown section [{section}]")));
            }
        }
        Ok(c)
    }

    /// The sections this configuration reads.
    pub const SECTIONS: [&'static str; 3] = ["bv", "bv.rewrite", "sat"];

    /// Applies one entry of a configuration file (as [`parse_toml`] reads it). Returns false
    /// for a section that is not one of [`SolverConfig::SECTIONS`] (left to the caller); a bad
    /// key or value in these sections is an error.
    pub fn apply(&mut self, section: &str, key: &str, value: ConfigValue, line: usize) -> Result<bool, ConfigError> {
        let c = self;
        {
            match (section, key, value) {
                ("bv", "check-models", ConfigValue::Bool(b)) => c.check_models = b,
                ("bv", "conflict-limit", ConfigValue::Int(n)) if n >= 0 => c.conflict_limit = Some(n as u64),
                ("bv", "model-cache", ConfigValue::Int(n)) if (0..=1024).contains(&n) => c.model_cache = Some(n as usize),
                ("bv", "confine-propagation", ConfigValue::Bool(b)) => c.confine_propagation = b,
                ("bv", "interval-models", ConfigValue::Bool(b)) => c.interval_models = b,
                ("bv", "interval-bits", ConfigValue::Bool(b)) => c.interval_bits = b,
                ("bv", "interval-refute", ConfigValue::Bool(b)) => c.interval_refute = b,
                ("bv", "neighbour-models", ConfigValue::Int(n)) if (0..=4096).contains(&n) => c.neighbour_models = n as usize,
                ("bv", "neighbour-after", ConfigValue::Int(n)) if n >= 0 => c.neighbour_after = n as u64,
                ("bv", "decision-scope", ConfigValue::Str(name)) => {
                    let (scope, confine) = crate::cone::DecisionScope::from_setting(&name).ok_or_else(|| {
                        err(line, format!("[bv] decision-scope: `{name}` is not one of {:?}", crate::cone::DecisionScope::SETTINGS))
                    })?;
                    c.decision_scope = scope;
                    c.confine_propagation = confine.unwrap_or(c.confine_propagation);
                }
                ("bv", "timeout-s", ConfigValue::Int(n)) if n >= 0 => c.timeout = Some(Duration::from_secs(n as u64)),
                ("bv", "timeout-s", ConfigValue::Float(f)) if f >= 0.0 && f.is_finite() => {
                    c.timeout = Some(Duration::from_secs_f64(f))
                }
                ("bv", "disable-rules", ConfigValue::StrArray(names)) => {
                    for n in names {
                        let r = Rule::from_name(&n).ok_or_else(|| err(line, format!("unknown rewrite rule `{n}`")))?;
                        c.rewrite.set(r, false);
                    }
                }
                ("bv.rewrite", name, ConfigValue::Bool(b)) => {
                    let r = Rule::from_name(name).ok_or_else(|| err(line, format!("unknown rewrite rule `{name}`")))?;
                    c.rewrite.set(r, b);
                }
                ("sat", name, v) => {
                    let text = match &v {
                        ConfigValue::Bool(b) => b.to_string(),
                        ConfigValue::Int(i) => i.to_string(),
                        ConfigValue::Float(f) => f.to_string(),
                        ConfigValue::Str(s) => s.clone(),
                        ConfigValue::StrArray(_) => return Err(err(line, format!("[sat] {name}: arrays are not accepted"))),
                    };
                    c.sat_params.set(name, &text).map_err(|e| err(line, format!("[sat] {e}")))?;
                    c.sat.push((name.to_string(), v));
                }
                (s @ ("bv" | "bv.rewrite"), k, v) => {
                    return Err(err(line, format!("unknown key or bad value in [{s}]: {k} = {v:?}")))
                }
                _ => return Ok(false),
            }
        }
        Ok(true)
    }

    /// The SAT core's parameters (defaults plus the `[sat]` table).
    pub fn sat_params(&self) -> vigil_sat::Params {
        self.sat_params.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sections_and_rejects_unknowns() {
        let c = SolverConfig::from_toml_str(
            "# comment\n[bv]\ncheck-models = true\nconflict-limit = 1_000\ndisable-rules = [\"mul-pow2\", \"const-fold\"]\n[bv.rewrite]\nite-same = false\n[sat]\nrestart_base = 100\n",
        )
        .unwrap();
        assert!(c.check_models);
        assert_eq!(c.conflict_limit, Some(1000));
        assert!(!c.rewrite.enabled(Rule::MulPow2));
        assert!(!c.rewrite.enabled(Rule::ConstFold));
        assert!(!c.rewrite.enabled(Rule::IteSame));
        assert!(c.rewrite.enabled(Rule::AddConst));
        assert_eq!(c.sat, vec![("restart_base".to_string(), ConfigValue::Int(100))]);
        assert_eq!(c.sat_params.restart_base, 100);
        let e = SolverConfig::from_toml_str("[sat]\nno_such_param = 1\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(SolverConfig::from_toml_str("[bv]\ninterval-models = true\n").unwrap().interval_models);
        assert!(!SolverConfig::default().interval_models);
        assert!(SolverConfig::from_toml_str("[bv]\ninterval-bits = true\n").unwrap().interval_bits);
        assert!(!SolverConfig::default().interval_bits);
        assert!(SolverConfig::from_toml_str("[bv]\ninterval-refute = true\n").unwrap().interval_refute);
        assert!(!SolverConfig::default().interval_refute);
        assert!(SolverConfig::from_toml_str("[bv]\ninterval-models = 1\n").is_err());
        let c = SolverConfig::from_toml_str("[bv]\ndecision-scope = \"inputs\"\n").unwrap();
        assert_eq!(c.decision_scope, crate::cone::DecisionScope::Inputs);
        assert!(!c.confine_propagation);
        assert!(SolverConfig::from_toml_str("[bv]\ndecision-scope = \"some\"\n").is_err());
        assert!(SolverConfig::from_toml_str("[bv]\ndecision-scope = \"all-confined\"\n").is_err());
        let c = SolverConfig::from_toml_str("[bv]\ndecision-scope = \"cone-confined\"\n").unwrap();
        assert_eq!((c.decision_scope, c.confine_propagation), (crate::cone::DecisionScope::Cone, true));
        let c = SolverConfig::from_toml_str("[bv]\nconfine-propagation = true\ndecision-scope = \"inputs\"\n").unwrap();
        assert_eq!((c.decision_scope, c.confine_propagation), (crate::cone::DecisionScope::Inputs, true));
        let c = SolverConfig::from_toml_str("[bv]\ndecision-scope = \"inputs-confined\"\nconfine-propagation = false\n").unwrap();
        assert_eq!((c.decision_scope, c.confine_propagation), (crate::cone::DecisionScope::Inputs, false));
        let e = SolverConfig::from_toml_str("[bv]\nbogus = 1\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = SolverConfig::from_toml_str("[bv]\ndisable-rules = [\"nope\"]\n").unwrap_err();
        assert!(e.message.contains("nope"));
        assert!(SolverConfig::from_toml_str("[other]\nx = 1\n").is_err());
        assert!(SolverConfig::from_toml_str("[bv]\ncheck-models\n").is_err());
    }
}
