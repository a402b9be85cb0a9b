//! The verdict contract of DESIGN.md: one `verdict: …` line in text, one JSON object with at
//! least `verdict`, `property`, `engine`, `reason`, `trace`, `stats`, `time_s`, and the exit code.
//! An unknown's reason is shown by its message; JSON adds its `cause` (`class:cause`, see
//! [`vigil_ir::unknown`]), which `vigil bench` counts.

use serde::Serialize;
use vigil_ir::subproperty::Subproperty;
use vigil_ir::unknown::Unknown;

/// The three answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The property holds (with a proof).
    True,
    /// The property is violated: the (sub)property, e.g. `unreach-call`.
    False(Subproperty),
    /// No answer with evidence, and why.
    Unknown(Unknown),
}

impl Answer {
    pub fn exit_code(&self) -> u8 {
        match self {
            Answer::True => 0,
            Answer::False(_) => 10,
            Answer::Unknown(_) => 20,
        }
    }

    /// `true`, `false(PROP)` or `unknown(REASON)`, as on the verdict line.
    pub fn display(&self) -> String {
        match self {
            Answer::True => "true".into(),
            Answer::False(p) => format!("false({p})"),
            Answer::Unknown(r) => format!("unknown({r})"),
        }
    }
}

/// Everything a check reports.
#[derive(Clone, Debug)]
pub struct Report {
    pub answer: Answer,
    pub property: String,
    /// The engine that decided, or `none`.
    pub engine: String,
    /// Counterexample steps (empty unless false).
    pub trace: Vec<serde_json::Value>,
    pub stats: serde_json::Map<String, serde_json::Value>,
    pub time_s: f64,
    /// Notes printed before the verdict line in text mode (e.g. unsupported constructs).
    pub notes: Vec<String>,
    /// The native confirmation of a `false` (None when no false was checked natively).
    pub native: Option<crate::native::NativeCheck>,
    /// Warnings that do not change the answer (text mode prints them on stderr).
    pub warnings: Vec<String>,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    verdict: &'a str,
    property: &'a str,
    engine: &'a str,
    reason: Option<&'a str>,
    /// `class:cause` of an unknown (null otherwise).
    cause: Option<String>,
    trace: &'a [serde_json::Value],
    stats: &'a serde_json::Map<String, serde_json::Value>,
    time_s: f64,
    notes: &'a [String],
    warnings: &'a [String],
    /// `{"status": "confirmed"|"not-confirmed"|"contradicted", "detail", "time_s"}` or null.
    native: Option<serde_json::Value>,
}

impl Report {
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for n in &self.notes {
            s.push_str(n);
            s.push('\n');
        }
        if let Some(n) = &self.native {
            s.push_str(&n.text());
            s.push('\n');
        }
        s.push_str(&format!("verdict: {}\n", self.answer.display()));
        s
    }

    pub fn to_json(&self) -> String {
        let (verdict, reason) = match &self.answer {
            Answer::True => ("true", None),
            Answer::False(_) => ("false", None),
            Answer::Unknown(r) => ("unknown", Some(r)),
        };
        let property = match &self.answer {
            Answer::False(p) => p.name(),
            _ => self.property.as_str(),
        };
        let j = JsonReport {
            verdict,
            property,
            engine: &self.engine,
            reason: reason.map(|r| r.message.as_str()),
            cause: reason.map(|r| r.cause.qualified()),
            trace: &self.trace,
            stats: &self.stats,
            time_s: self.time_s,
            notes: &self.notes,
            warnings: &self.warnings,
            native: self.native.as_ref().map(|n| n.to_json()),
        };
        serde_json::to_string_pretty(&j).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_ir::unknown::Cause;

    #[test]
    fn exit_codes_follow_the_contract() {
        assert_eq!(Answer::True.exit_code(), 0);
        assert_eq!(Answer::False(Subproperty::UnreachCall).exit_code(), 10);
        assert_eq!(Answer::Unknown(Unknown::new(Cause::Timeout, "timeout")).exit_code(), 20);
        assert_eq!(Answer::False(Subproperty::ValidDeref).display(), "false(valid-deref)");
    }

    #[test]
    fn json_has_the_required_fields() {
        let r = Report {
            answer: Answer::Unknown(Unknown::new(Cause::NoEngine, "no engine")),
            property: "unreach-call".into(),
            engine: "none".into(),
            trace: vec![],
            stats: Default::default(),
            time_s: 0.5,
            notes: vec![],
            native: None,
            warnings: vec![],
        };
        let v: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
        for k in ["verdict", "property", "engine", "reason", "trace", "stats", "time_s"] {
            assert!(v.get(k).is_some(), "missing {k}");
        }
        assert_eq!(v["verdict"], "unknown");
        assert_eq!(v["reason"], "no engine");
        assert_eq!(v["cause"], "declined:no-engine");
        assert!(r.to_text().ends_with("verdict: unknown(no engine)\n"));
    }
}
