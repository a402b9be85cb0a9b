//! The configuration database: one TOML file per class of instances, `configs/CLASS.toml` in
//! this crate (Babić's thesis §5.3: Spear ships the configuration ParamILS found for each class
//! of verification conditions).
//!
//! A file holds only the values that differ from the solver's defaults, in the sections the
//! solvers read (`[sat]` for SAT core parameters, `[bv]` for the bit-vector layer's own choices,
//! `[bv.rewrite]` for rewrite rules), so it loads
//! with `vigil sat --params-file FILE` (SAT classes) and `vigil smt --config FILE`. Everything
//! else is a `#` comment: the class, the training and validation sets, the date, the cap and
//! objective, the PAR-10 of default and tuned configuration on both sets and the speed-up.
//! Invariant: the numbers written are the measured ones; a tuned configuration equal to the
//! default is written as such (an empty table) with a speed-up of 1.
//!
//! The files in `configs/` are embedded at build time ([`shipped`]), so the binary carries the
//! database it was built with.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::runner::{config_toml, SolverKind};

/// Cost of one configuration on one set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SetScore {
    /// Mean PAR-k cost in seconds.
    pub par: f64,
    pub solved: usize,
    pub total: usize,
}

/// Everything a database entry records.
#[derive(Clone, Debug)]
pub struct Entry {
    pub class: String,
    pub solver: SolverKind,
    pub train_desc: String,
    pub validate_desc: String,
    pub cap: f64,
    pub penalty: f64,
    pub seed: u64,
    pub budget: f64,
    pub runs: usize,
    pub configs: usize,
    pub train_default: SetScore,
    pub train_tuned: SetScore,
    pub validate_default: SetScore,
    pub validate_tuned: SetScore,
    /// The tuned values that differ from the defaults.
    pub changes: Vec<(String, String)>,
    /// The search's incumbent when it lost to the default on the whole training set (then
    /// `changes` is empty): its changed values and its training score.
    pub rejected: Option<(Vec<(String, String)>, SetScore)>,
}

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The text of the shipped configuration for `class` (the database as of this build).
pub fn shipped(class: &str) -> Option<&'static str> {
    SHIPPED.iter().find(|(c, _)| *c == class).map(|(_, t)| *t)
}

/// The classes with a shipped configuration.
pub fn shipped_classes() -> Vec<&'static str> {
    SHIPPED.iter().map(|(c, _)| *c).collect()
}

/// The shipped configuration for `class`, or an error listing the classes there are.
pub fn shipped_or_error(class: &str) -> Result<&'static str, String> {
    shipped(class).ok_or_else(|| {
        format!(
            "no tuned configuration for class `{class}` (shipped: {})",
            shipped_classes().join(", ")
        )
    })
}

/// The `[sat]` settings of a configuration text as `name=value` assignments (for `vigil sat`);
/// settings of other sections are an error (such a configuration is for `vigil smt`).
pub fn sat_assignments(text: &str) -> Result<Vec<String>, String> {
    use vigil_bv::config::{parse_toml, ConfigValue};
    let mut out = Vec::new();
    for (section, key, value, line) in parse_toml(text).map_err(|e| e.to_string())? {
        if section != "sat" {
            return Err(format!(
                "line {line}: [{section}] is not a SAT setting (use vigil smt)"
            ));
        }
        let v = match value {
            ConfigValue::Bool(b) => b.to_string(),
            ConfigValue::Int(i) => i.to_string(),
            ConfigValue::Float(f) => f.to_string(),
            ConfigValue::Str(s) => s,
            ConfigValue::StrArray(_) => {
                return Err(format!("line {line}: {key}: arrays are not SAT settings"))
            }
        };
        out.push(format!("{key}={v}"));
    }
    Ok(out)
}

/// Where configuration `class` is stored by default.
pub fn default_path(class: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("configs")
        .join(format!("{class}.toml"))
}

/// A class name usable as a file name: letters, digits, `-`, `_`, `.`, not starting with `.`.
pub fn valid_class(class: &str) -> bool {
    !class.is_empty()
        && !class.starts_with('.')
        && class
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// The speed-up of tuned over default on a set (default cost / tuned cost).
pub fn speedup(default: SetScore, tuned: SetScore) -> f64 {
    if tuned.par > 0.0 {
        default.par / tuned.par
    } else {
        1.0
    }
}

impl Entry {
    /// The file text.
    pub fn render(&self, date: &str) -> String {
        let k = self.penalty;
        let score = |s: SetScore| format!("{:.3} s ({}/{} solved)", s.par, s.solved, s.total);
        let load = match self.solver {
            SolverKind::Sat => "vigil sat --params-file FILE",
            SolverKind::Smt => "vigil smt --config FILE",
        };
        let mut s = String::new();
        s.push_str(&format!(
            "# vigil tune: configuration for class `{}` ({} solver; load with `{load}`)\n",
            self.class,
            self.solver.name()
        ));
        s.push_str(&format!("# date: {date}\n"));
        s.push_str(&format!("# training set: {}\n", self.train_desc));
        s.push_str(&format!("# validation set: {}\n", self.validate_desc));
        s.push_str(&format!(
            "# objective: PAR-{k} under a cap of {} CPU s per run; FocusedILS seed {}, budget {} s, {} runs, {} configurations\n",
            self.cap, self.seed, self.budget, self.runs, self.configs
        ));
        s.push_str(&format!(
            "# training PAR-{k}:   default {}, tuned {}\n",
            score(self.train_default),
            score(self.train_tuned)
        ));
        s.push_str(&format!(
            "# validation PAR-{k}: default {}, tuned {}\n",
            score(self.validate_default),
            score(self.validate_tuned)
        ));
        s.push_str(&format!(
            "# speed-up (default / tuned PAR-{k}): training {:.2}x, validation {:.2}x\n",
            speedup(self.train_default, self.train_tuned),
            speedup(self.validate_default, self.validate_tuned)
        ));
        if let Some((changes, sc)) = &self.rejected {
            let list: Vec<String> = changes.iter().map(|(n, v)| format!("{n}={v}")).collect();
            s.push_str(&format!(
                "# the search's incumbent scored {} on the whole training set, no better than the default: {}\n",
                score(*sc),
                list.join(" ")
            ));
        }
        if self.changes.is_empty() {
            s.push_str("# no configuration better than the default was found: every value is the default\n");
        } else {
            s.push_str("# values that differ from the defaults:\n");
        }
        s.push_str(&config_toml(&self.changes));
        s
    }

    /// Writes the entry to `path` (creating its directory).
    pub fn write(&self, path: &Path) -> Result<(), String> {
        if let Some(d) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
        }
        std::fs::write(path, self.render(&today())).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Today's date (UTC) as YYYY-MM-DD.
pub fn today() -> String {
    date_of(SystemTime::now())
}

/// The UTC date of `t` as YYYY-MM-DD (the date part of its RFC 3339 form).
fn date_of(t: SystemTime) -> String {
    let mut s = humantime::format_rfc3339_seconds(t).to_string();
    s.truncate(10);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_configurations_load() {
        assert!(shipped_classes().contains(&"rand3sat"));
        for (class, text) in SHIPPED {
            let mut p = vigil_sat::Params::default();
            p.load_toml(text).unwrap_or_else(|e| panic!("{class}: {e}"));
            vigil_bv::config::SolverConfig::from_toml_str(text)
                .unwrap_or_else(|e| panic!("{class}: {e}"));
        }
        assert!(shipped_or_error("nope").unwrap_err().contains("rand3sat"));
        let a = sat_assignments("# c\n[sat]\nphase = \"true\"\nrestart_base = 10\nelim = false\n")
            .unwrap();
        assert_eq!(a, ["phase=true", "restart_base=10", "elim=false"]);
        assert!(sat_assignments("[bv.rewrite]\nconst-fold = false\n").is_err());
    }

    #[test]
    fn dates() {
        let day = |n: u64| date_of(std::time::UNIX_EPOCH + std::time::Duration::from_secs(n * 86_400 + 86_399));
        assert_eq!(day(0), "1970-01-01");
        assert_eq!(day(11_016), "2000-02-29");
        assert_eq!(day(20_523), "2026-03-11");
    }

    #[test]
    fn rendered_entries_load_in_the_solvers() {
        let sc = |par, solved| SetScore {
            par,
            solved,
            total: 4,
        };
        let mut e = Entry {
            class: "demo".into(),
            solver: SolverKind::Sat,
            train_desc: "4 files".into(),
            validate_desc: "4 other files".into(),
            cap: 2.0,
            penalty: 10.0,
            seed: 1,
            budget: 60.0,
            runs: 10,
            configs: 3,
            train_default: sc(6.0, 3),
            train_tuned: sc(3.0, 4),
            validate_default: sc(8.0, 3),
            validate_tuned: sc(2.0, 4),
            changes: vec![
                ("restart".into(), "luby".into()),
                ("var_decay".into(), "0.888".into()),
            ],
            rejected: None,
        };
        let text = e.render("2026-11-26");
        assert!(text.contains("validation 4.00x"), "{text}");
        let mut p = vigil_sat::Params::default();
        p.load_toml(&text).unwrap();
        assert_eq!(p.var_decay, 0.888);
        e.solver = SolverKind::Smt;
        e.changes
            .push(("bv.rewrite.const-fold".into(), "false".into()));
        let c = vigil_bv::config::SolverConfig::from_toml_str(&e.render("2026-11-26")).unwrap();
        assert_eq!(c.sat_params.var_decay, 0.888);
        e.changes.clear();
        e.rejected = Some((vec![("restart".into(), "never".into())], sc(7.0, 3)));
        let text = e.render("d");
        assert!(
            text.contains("no configuration better") && text.contains("restart=never"),
            "{text}"
        );
        assert!(vigil_bv::config::SolverConfig::from_toml_str(&text)
            .unwrap()
            .sat
            .is_empty());
        assert!(valid_class("qfbv-muldiv_1") && !valid_class("../x") && !valid_class(""));
    }
}
