//! The configuration space: the solvers' parameter tables, discretised (Hutter et al., JAIR 2009,
//! §3: ParamILS searches a finite space; continuous parameters are discretised beforehand).
//!
//! Invariants: every value of every [`Param`] lies in the parameter's declared domain and is
//! accepted by the solver's own `set` (numeric values are rounded, then clamped into the domain,
//! then deduplicated); the default value is always one of the values, so the all-defaults
//! configuration is a point of the space. Numeric ranges become a few values around the default:
//! on a log scale (default × 1/10, 1/3, 1, 3, 10) when the range spans orders of magnitude,
//! otherwise on a linear scale (default ± 1/8 and ± 1/4 of the range's width). Booleans and
//! choices keep all their values. The SAT core's `seed` is excluded (tuning a seed fits noise).

use vigil_sat::params::ParamInfo;

/// One tunable parameter and its candidate values (as text the solver's parser accepts).
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The name as the configuration file spells it (SAT parameters plain, rewrite rules as
    /// `bv.rewrite.NAME`).
    pub name: String,
    pub values: Vec<String>,
    /// Index of the default in `values`.
    pub default: usize,
}

/// A point of the space: one value index per parameter.
pub type Config = Vec<usize>;

/// A finite configuration space.
#[derive(Clone, Debug, PartialEq)]
pub struct Space {
    pub params: Vec<Param>,
}

/// Parameters never tuned.
const EXCLUDED: &[&str] = &["seed"];

impl Space {
    /// The SAT core's parameter table, discretised around the values of `base` (the
    /// configuration the solver runs by default in the setting being tuned: `vigil sat` turns
    /// variable elimination on, the incremental API does not).
    pub fn sat(base: &vigil_sat::Params) -> Space {
        let params = vigil_sat::Params::info()
            .into_iter()
            .filter(|i| !EXCLUDED.contains(&i.name))
            .filter_map(|mut i| {
                i.default = base.get(i.name)?;
                discretise(&i)
            })
            .collect();
        Space { params }
    }

    /// The SAT table (around `base`) plus the bit-vector layer's own choices (`[bv]`: the
    /// decision scope as one five-way choice that includes confined propagation, so that one
    /// step of the search reaches `inputs-confined` from the default `all`; the model cache's
    /// size, whose default `engine` is
    /// no setting: the engine's own size, or none for a plain solver; interval models and their implied bits on or off)
    /// and its rewrite rules (each on or off).
    pub fn smt(base: &vigil_sat::Params) -> Space {
        let mut s = Space::sat(base);
        s.params.push(Param {
            name: "bv.decision-scope".into(),
            values: vigil_bv::cone::DecisionScope::SETTINGS.iter().map(|v| v.to_string()).collect(),
            default: 0,
        });
        s.params.push(Param {
            name: "bv.model-cache".into(),
            values: ["engine", "0", "1", "2", "8", "16"].iter().map(|v| v.to_string()).collect(),
            default: 0,
        });
        s.params.push(Param {
            name: "bv.interval-models".into(),
            values: vec!["false".into(), "true".into()],
            default: 0,
        });
        s.params.push(Param {
            name: "bv.interval-bits".into(),
            values: vec!["false".into(), "true".into()],
            default: 0,
        });
        s.params.push(Param {
            name: "bv.interval-refute".into(),
            values: vec!["false".into(), "true".into()],
            default: 0,
        });
        s.params.push(Param {
            name: "bv.neighbour-models".into(),
            values: ["64", "0", "16", "256"].iter().map(|v| v.to_string()).collect(),
            default: 0,
        });
        s.params.push(Param {
            name: "bv.neighbour-after".into(),
            values: ["2000", "200", "20000"].iter().map(|v| v.to_string()).collect(),
            default: 0,
        });
        let defaults = vigil_bv::RewriteConfig::default();
        for &r in vigil_bv::Rule::ALL {
            let on = defaults.enabled(r);
            s.params.push(Param {
                name: format!("bv.rewrite.{}", r.name()),
                values: vec!["false".into(), "true".into()],
                default: usize::from(on),
            });
        }
        s
    }

    /// The parameters whose names start with one of `prefixes` (`vigil tune --params`); a
    /// prefix that matches nothing is an error.
    pub fn restrict(&self, prefixes: &[String]) -> Result<Space, String> {
        for p in prefixes {
            if !self.params.iter().any(|q| q.name.starts_with(p.as_str())) {
                return Err(format!("no tunable parameter starts with `{p}`"));
            }
        }
        let params = self.params.iter().filter(|q| prefixes.iter().any(|p| q.name.starts_with(p.as_str()))).cloned().collect();
        Ok(Space { params })
    }

    /// The all-defaults configuration.
    pub fn default_config(&self) -> Config {
        self.params.iter().map(|p| p.default).collect()
    }

    /// `(name, value)` of every parameter whose value differs from its default.
    pub fn changes(&self, c: &Config) -> Vec<(String, String)> {
        self.params
            .iter()
            .zip(c)
            .filter(|(p, &v)| v != p.default)
            .map(|(p, &v)| (p.name.clone(), p.values[v].clone()))
            .collect()
    }

    /// The one-exchange neighbourhood of `c`: every configuration differing in exactly one
    /// parameter.
    pub fn neighbours(&self, c: &Config) -> Vec<Config> {
        let mut out = Vec::new();
        for (i, p) in self.params.iter().enumerate() {
            for v in 0..p.values.len() {
                if v != c[i] {
                    let mut n = c.clone();
                    n[i] = v;
                    out.push(n);
                }
            }
        }
        out
    }

    /// Number of configurations (saturating).
    pub fn size(&self) -> u128 {
        self.params
            .iter()
            .fold(1u128, |acc, p| acc.saturating_mul(p.values.len() as u128))
    }
}

/// The candidate values of one table row, or None when it has a single value.
fn discretise(info: &ParamInfo) -> Option<Param> {
    let (values, default) = if !info.choices.is_empty() {
        let values: Vec<String> = info.choices.iter().map(|s| s.to_string()).collect();
        let d = values.iter().position(|v| *v == info.default)?;
        (values, d)
    } else {
        numeric_values(info)?
    };
    (values.len() > 1).then(|| Param {
        name: info.name.to_string(),
        values,
        default,
    })
}

/// Reads the `[lo, hi]` domain text of the table.
fn range(info: &ParamInfo) -> Option<(f64, f64)> {
    let inner = info.domain.strip_prefix('[')?.strip_suffix(']')?;
    let (lo, hi) = inner.split_once(", ")?;
    Some((lo.trim().parse().ok()?, hi.trim().parse().ok()?))
}

fn numeric_values(info: &ParamInfo) -> Option<(Vec<String>, usize)> {
    let (lo, hi) = range(info)?;
    let d: f64 = info.default.parse().ok()?;
    let int = info.kind == "int";
    let log_scale = if d > 0.0 {
        hi / d >= 30.0 || (lo > 0.0 && hi / lo >= 100.0)
    } else {
        false
    };
    let raw: Vec<f64> = if log_scale {
        vec![d / 10.0, d / 3.0, d, d * 3.0, d * 10.0]
    } else if d == 0.0 && lo == 0.0 {
        // A feature off by default (a percentage, a count): off, and a few small settings.
        vec![0.0, hi / 100.0, hi / 30.0, hi / 10.0]
    } else {
        let w = hi - lo;
        vec![d - w / 4.0, d - w / 8.0, d, d + w / 8.0, d + w / 4.0]
    };
    let mut values: Vec<String> = Vec::new();
    let mut default = None;
    for x in raw {
        let text = if x == d {
            info.default.clone()
        } else {
            render(x.clamp(lo, hi), int, lo, hi)
        };
        if x == d {
            default = Some(values.len());
        }
        if !values.contains(&text) {
            values.push(text);
        } else if x == d {
            default = values.iter().position(|v| *v == text);
        }
    }
    Some((values, default?))
}

/// A value as short text: integers rounded, floats to three significant digits, kept inside
/// `[lo, hi]` after rounding.
fn render(x: f64, int: bool, lo: f64, hi: f64) -> String {
    if int {
        return format!("{}", x.round().clamp(lo, hi) as u64);
    }
    let mag = if x == 0.0 {
        0
    } else {
        x.abs().log10().floor() as i32
    };
    let digits = (2 - mag).max(0) as usize;
    let mut s = format!("{x:.digits$}");
    let back: f64 = s.parse().unwrap_or(x);
    if back < lo || back > hi {
        s = format!("{x}");
    }
    if s.contains('.') {
        s = s.trim_end_matches('0').trim_end_matches('.').to_string();
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_is_accepted_by_the_solver_and_defaults_are_points() {
        let dimacs = vigil_sat::Params {
            elim: true,
            ..Default::default()
        };
        for (base, space) in [
            (dimacs.clone(), Space::sat(&dimacs)),
            (Default::default(), Space::smt(&Default::default())),
        ] {
            for p in &space.params {
                assert!(p.values.len() >= 2, "{}", p.name);
                assert!(p.default < p.values.len());
                if let Some(rule) = p.name.strip_prefix("bv.rewrite.") {
                    assert!(vigil_bv::Rule::from_name(rule).is_some());
                    continue;
                }
                if p.name.starts_with("bv.") {
                    // Every value but the model cache's `engine` (no setting) loads.
                    for v in p.values.iter().filter(|v| *v != "engine") {
                        let text = crate::runner::config_toml(&[(p.name.clone(), v.clone())]);
                        vigil_bv::config::SolverConfig::from_toml_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    }
                    continue;
                }
                let mut d = base.clone();
                assert_eq!(
                    d.get(&p.name).as_deref(),
                    Some(p.values[p.default].as_str()),
                    "{}",
                    p.name
                );
                for v in &p.values {
                    d.set(&p.name, v)
                        .unwrap_or_else(|e| panic!("{}={v}: {e}", p.name));
                }
            }
            assert!(space.changes(&space.default_config()).is_empty());
        }
        assert!(Space::sat(&dimacs).params.iter().all(|p| p.name != "seed"));
    }

    #[test]
    fn log_scale_for_wide_ranges_linear_for_narrow() {
        let s = Space::sat(&Default::default());
        let get = |n: &str| {
            s.params
                .iter()
                .find(|p| p.name == n)
                .unwrap()
                .values
                .clone()
        };
        assert_eq!(get("restart_base"), ["10", "33", "100", "300", "1000"]);
        assert_eq!(
            get("reduce_fraction"),
            ["0.25", "0.375", "0.5", "0.625", "0.75"]
        );
        assert_eq!(get("random_decision_pct"), ["0", "1", "3.33", "10"]);
        assert_eq!(get("elim_rounds"), ["0", "1", "3", "10"]);
    }

    #[test]
    fn restriction_by_prefix() {
        let s = Space::smt(&Default::default());
        let r = s.restrict(&["bv.decision".into(), "phase".into()]).unwrap();
        let names: Vec<&str> = r.params.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["phase", "bv.decision-scope"]);
        assert!(s.restrict(&["nope".into()]).is_err());
    }

    #[test]
    fn confined_scopes_are_one_step_from_the_default() {
        let s = Space::smt(&Default::default());
        assert!(!s.params.iter().any(|p| p.name == "bv.confine-propagation"));
        let i = s.params.iter().position(|p| p.name == "bv.decision-scope").unwrap();
        assert_eq!(s.params[i].values, ["all", "cone", "inputs", "cone-confined", "inputs-confined"]);
        let c = s.default_config();
        let n = s.neighbours(&c);
        let step = n.iter().find(|m| s.params[i].values[m[i]] == "inputs-confined").unwrap();
        let text = crate::runner::config_toml(&s.changes(step));
        let loaded = vigil_bv::config::SolverConfig::from_toml_str(&text).unwrap();
        assert_eq!(loaded.decision_scope, vigil_bv::cone::DecisionScope::Inputs);
        assert!(loaded.confine_propagation, "{text}");
    }

    #[test]
    fn neighbourhood_is_one_exchange() {
        let s = Space::sat(&Default::default());
        let c = s.default_config();
        let n = s.neighbours(&c);
        let expected: usize = s.params.iter().map(|p| p.values.len() - 1).sum();
        assert_eq!(n.len(), expected);
        assert!(n
            .iter()
            .all(|m| m.iter().zip(&c).filter(|(a, b)| a != b).count() == 1));
    }
}
