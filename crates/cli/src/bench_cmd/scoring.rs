//! Scoring and reporting: the SV-COMP outcome of one answer against the expected verdict and its
//! score, the summary table per category, the CSV file, and the comparison of two runs.
//!
//! Invariant: a `false` answer for another subproperty than the expected one is a wrong `false`
//! (as SV-COMP scores it); the outcome names and ranks are the ones the JSON results file and
//! the comparison use.

use super::*;

/// How an answer compares with the expected verdict (SV-COMP's classes); written to the JSON
/// and CSV results as `correct-true`, `correct-false`, `wrong-true`, `wrong-false`, `unknown`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    CorrectTrue,
    CorrectFalse,
    WrongTrue,
    WrongFalse,
    /// An unknown answer, or no expected verdict.
    Unknown,
}

impl Outcome {
    /// The name in the results files.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::CorrectTrue => "correct-true",
            Outcome::CorrectFalse => "correct-false",
            Outcome::WrongTrue => "wrong-true",
            Outcome::WrongFalse => "wrong-false",
            Outcome::Unknown => "unknown",
        }
    }

    /// SV-COMP points.
    pub fn score(self) -> i64 {
        match self {
            Outcome::CorrectTrue => 2,
            Outcome::CorrectFalse => 1,
            Outcome::WrongTrue => -32,
            Outcome::WrongFalse => -16,
            Outcome::Unknown => 0,
        }
    }

    pub fn is_wrong(self) -> bool {
        matches!(self, Outcome::WrongTrue | Outcome::WrongFalse)
    }

    /// How good the outcome is, for ordering a comparison (higher is better).
    pub(super) fn rank(self) -> i32 {
        match self {
            Outcome::WrongTrue | Outcome::WrongFalse => 0,
            Outcome::Unknown => 1,
            Outcome::CorrectTrue | Outcome::CorrectFalse => 2,
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.name())
    }
}

/// Classifies a verdict line of `vigil check` (`true`, `false(P)`, `unknown(…)`) against the
/// expectation.
pub fn outcome(verdict: &str, expected: Option<&str>) -> Outcome {
    let Some(expected) = expected else { return Outcome::Unknown };
    if verdict == "true" {
        return if expected == "true" { Outcome::CorrectTrue } else { Outcome::WrongTrue };
    }
    if let Some(rest) = verdict.strip_prefix("false") {
        if !expected.starts_with("false") {
            return Outcome::WrongFalse;
        }
        // `false` without a subproperty accepts any; `false(P)` needs P.
        let exp_sub = expected.strip_prefix("false").unwrap_or("");
        return if exp_sub.is_empty() || exp_sub == rest || (exp_sub.starts_with('(') && rest.is_empty()) {
            Outcome::CorrectFalse
        } else {
            Outcome::WrongFalse
        };
    }
    Outcome::Unknown
}

/// Totals of one category.
#[derive(Default, Clone)]
pub(super) struct Tally {
    tasks: usize,
    correct_true: usize,
    correct_false: usize,
    wrong_true: usize,
    wrong_false: usize,
    unknown: usize,
    score: i64,
    cpu_s: f64,
}

/// The per-category table.
pub fn table(results: &[TaskResult]) -> String {
    let mut by_cat: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut total = Tally::default();
    for r in results {
        by_cat.entry(&r.category).or_default().add(r);
        total.add(r);
    }
    let mut s = format!(
        "{:<28} {:>6} {:>8} {:>9} {:>10} {:>11} {:>8} {:>6} {:>9}\n",
        "category", "tasks", "ok-true", "ok-false", "wrong-true", "wrong-false", "unknown", "score", "cpu-s"
    );
    let row = |name: &str, t: &Tally| {
        format!(
            "{:<28} {:>6} {:>8} {:>9} {:>10} {:>11} {:>8} {:>6} {:>9.1}\n",
            name, t.tasks, t.correct_true, t.correct_false, t.wrong_true, t.wrong_false, t.unknown, t.score, t.cpu_s
        )
    };
    for (cat, t) in &by_cat {
        s.push_str(&row(cat, t));
    }
    s.push_str(&row("TOTAL", &total));
    let by_cause = unknown_by_cause(results);
    if !by_cause.is_empty() {
        // One line per class, with its causes: `limit 12 (timeout 10, state-limit 2)`.
        let mut by_class: BTreeMap<&str, (usize, Vec<String>)> = BTreeMap::new();
        for (cause, n) in &by_cause {
            let (class, name) = cause.split_once(':').unwrap_or((cause.as_str(), ""));
            let e = by_class.entry(class).or_default();
            e.0 += n;
            if !name.is_empty() {
                e.1.push(format!("{name} {n}"));
            }
        }
        let parts: Vec<String> = by_class
            .iter()
            .map(|(class, (n, names))| if names.is_empty() { format!("{class} {n}") } else { format!("{class} {n} ({})", names.join(", ")) })
            .collect();
        s.push_str(&format!("unknown by cause: {}\n", parts.join("; ")));
    }
    s
}

/// How many results are unknown, by cause (`class:cause`; `other` when no cause was stated).
pub fn unknown_by_cause(results: &[TaskResult]) -> BTreeMap<String, usize> {
    let mut by: BTreeMap<String, usize> = BTreeMap::new();
    for r in results.iter().filter(|r| r.outcome == Outcome::Unknown) {
        *by.entry(r.cause.clone().unwrap_or_else(|| "other".into())).or_default() += 1;
    }
    by
}

pub(super) fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

pub(super) fn to_csv(results: &[TaskResult]) -> String {
    let mut s = String::from("file,property,category,expected,verdict,outcome,engine,wall_s,cpu_s,max_rss_mib,cause\n");
    for r in results {
        let fields = [
            csv_field(&r.file),
            csv_field(&r.property),
            csv_field(&r.category),
            csv_field(r.expected.as_deref().unwrap_or("")),
            csv_field(&r.verdict),
            r.outcome.name().to_string(),
            csv_field(&r.engine),
            format!("{:.3}", r.wall_s),
            r.cpu_s.map(|c| format!("{c:.3}")).unwrap_or_default(),
            r.max_rss_mib.map(|m| format!("{m:.1}")).unwrap_or_default(),
            r.cause.clone().unwrap_or_default(),
        ];
        s.push_str(&fields.join(","));
        s.push('\n');
    }
    s
}

/// Rows that differ between `old` and `new`, regressions first, then improvements, then other
/// changes; and both totals.
pub fn compare(old: &[TaskResult], new: &[TaskResult]) -> String {
    let key = |r: &TaskResult| (r.file.clone(), r.property.clone());
    let old_by: BTreeMap<_, &TaskResult> = old.iter().map(|r| (key(r), r)).collect();
    let mut rows: Vec<(i32, String)> = Vec::new();
    let mut other_reason = 0;
    for n in new {
        let Some(o) = old_by.get(&key(n)) else { continue };
        if o.verdict == n.verdict {
            continue;
        }
        if o.outcome == Outcome::Unknown && n.outcome == Outcome::Unknown {
            // Only the reason changed: counted, not listed.
            other_reason += 1;
            continue;
        }
        let delta = n.outcome.rank() - o.outcome.rank();
        let tag = match delta.cmp(&0) {
            std::cmp::Ordering::Less => "REGRESSION",
            std::cmp::Ordering::Greater => "improved",
            std::cmp::Ordering::Equal => "changed",
        };
        rows.push((delta, format!("{tag:<10} {}  [{}]\n           was {}  now {}\n", n.file, n.property, o.verdict, n.verdict)));
    }
    rows.sort_by_key(|(d, _)| if *d < 0 { 0 } else if *d > 0 { 1 } else { 2 });
    let mut s: String = rows.into_iter().map(|(_, r)| r).collect();
    if other_reason > 0 {
        s.push_str(&format!("{other_reason} unknown answer(s) with another reason than before\n"));
    }
    let total = |rs: &[TaskResult]| rs.iter().map(|r| r.outcome.score()).sum::<i64>();
    s.push_str(&format!("score: before {}  now {}  ({} tasks compared)\n", total(old), total(new), new.iter().filter(|n| old_by.contains_key(&key(n))).count()));
    s
}

impl Tally {
    pub(super) fn add(&mut self, r: &TaskResult) {
        self.tasks += 1;
        match r.outcome {
            Outcome::CorrectTrue => self.correct_true += 1,
            Outcome::CorrectFalse => self.correct_false += 1,
            Outcome::WrongTrue => self.wrong_true += 1,
            Outcome::WrongFalse => self.wrong_false += 1,
            Outcome::Unknown => self.unknown += 1,
        }
        self.score += r.outcome.score();
        self.cpu_s += r.cpu_s.unwrap_or(r.wall_s);
    }
}
