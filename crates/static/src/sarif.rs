//! SARIF 2.1.0 rendering of an [`Analysis`]: one rule per property, one result per report with
//! its location, and the trace as a code flow (one thread flow, one location per step), so that
//! editors and code-scanning tools can show the reports.
//!
//! Invariant: the output is one JSON object; every string goes through [`json_str`].

use std::fmt::Write;

use crate::{Analysis, ReportKind};

/// JSON string literal of `s`.
pub fn json_str(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

fn location(file: &str, line: u32, col: u32, message: Option<&str>) -> String {
    let mut region = format!("\"startLine\":{}", line.max(1));
    if col > 0 {
        let _ = write!(region, ",\"startColumn\":{col}");
    }
    let msg = message.map(|m| format!(",\"message\":{{\"text\":{}}}", json_str(m))).unwrap_or_default();
    format!(
        "{{\"physicalLocation\":{{\"artifactLocation\":{{\"uri\":{}}},\"region\":{{{region}}}}}{msg}}}",
        json_str(file)
    )
}

const RULES: [(ReportKind, &str); 3] = [
    (ReportKind::Assertion, "A call of reach_error (or a failed assertion) is reachable."),
    (ReportKind::NullDeref, "A NULL or undefined pointer is dereferenced."),
    (ReportKind::DivByZero, "An integer division or remainder by zero."),
];

/// The SARIF 2.1.0 log of `analysis`; `source_file` is used for reports without a file.
/// `confirmed[k]` says whether report `k` was replayed on the concrete VM (`Some(true)`: a
/// confirmed bug, level `error`), did not replay (`Some(false)`), or was not tried (`None`, also
/// for indices past the slice); unconfirmed candidates have level `warning`.
pub fn sarif(analysis: &Analysis, source_file: &str, confirmed: &[Option<bool>]) -> String {
    let rules: Vec<String> = RULES
        .iter()
        .map(|(k, d)| {
            format!(
                "{{\"id\":{},\"shortDescription\":{{\"text\":{}}},\"properties\":{{\"precision\":\"high\"}}}}",
                json_str(k.rule_id()),
                json_str(d)
            )
        })
        .collect();
    let results: Vec<String> = analysis
        .reports
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let status = confirmed.get(k).copied().flatten();
            let (level, note) = match status {
                Some(true) => ("error", "confirmed: its inputs replay into the bug on the VM"),
                Some(false) => ("warning", "candidate: its inputs did not replay into the bug"),
                None => ("warning", "candidate; replay its inputs to confirm"),
            };
            let file = if r.file.is_empty() { source_file } else { &r.file };
            let idx = RULES.iter().position(|(k, _)| *k == r.kind).unwrap_or(0);
            let inputs: Vec<String> = r
                .inputs
                .iter()
                .map(|i| format!("{{\"function\":{},\"width\":{},\"value\":{}}}", json_str(&i.function), i.width, i.value))
                .collect();
            let steps: Vec<String> = r
                .trace
                .iter()
                .map(|s| {
                    let f = if s.file.is_empty() { source_file } else { &s.file };
                    format!("{{\"location\":{}}}", location(f, s.line, s.column, Some(&format!("{}: {}", s.function, s.note))))
                })
                .collect();
            let code_flow = if steps.is_empty() {
                String::new()
            } else {
                format!(",\"codeFlows\":[{{\"threadFlows\":[{{\"locations\":[{}]}}]}}]", steps.join(","))
            };
            format!(
                "{{\"ruleId\":{},\"ruleIndex\":{idx},\"level\":\"{level}\",\"message\":{{\"text\":{}}},\"locations\":[{}]{code_flow},\"properties\":{{\"function\":{},\"context\":{},\"inputs\":[{}],\"confirmed\":{}}}}}",
                json_str(r.kind.rule_id()),
                json_str(&format!("{} in {} ({note})", r.kind.rule_id(), r.function)),
                location(file, r.line, r.column, None),
                json_str(&r.function),
                json_str(&r.context.join(" > ")),
                inputs.join(","),
                match status {
                    Some(b) => b.to_string(),
                    None => "null".into(),
                }
            )
        })
        .collect();
    format!(
        "{{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{{\"tool\":{{\"driver\":{{\"name\":\"vigil-static\",\"informationUri\":\"https://example.invalid/vigil\",\"rules\":[{}]}}}},\"results\":[{}],\"properties\":{{\"vcsTotal\":{},\"vcsProved\":{}}}}}]}}",
        rules.join(","),
        results.join(","),
        analysis.vcs_total,
        analysis.vcs_proved
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Input, Report, TraceStep};

    #[test]
    fn sarif_has_rules_results_and_code_flow() {
        let an = Analysis {
            reports: vec![Report {
                kind: ReportKind::NullDeref,
                function: "f".into(),
                file: "a \"b\".c".into(),
                line: 3,
                column: 7,
                trace: vec![TraceStep { function: "main".into(), file: String::new(), line: 9, column: 0, note: "calls f".into() }],
                inputs: vec![Input { function: "__VERIFIER_nondet_int".into(), width: 32, value: 5 }],
                context: vec!["main".into(), "f".into()],
            }],
            vcs_total: 2,
            vcs_proved: 1,
            ..Analysis::default()
        };
        let s = sarif(&an, "x.c", &[]);
        assert!(s.contains("\"level\":\"warning\"") && s.contains("\"confirmed\":null"));
        let confirmed = sarif(&an, "x.c", &[Some(true)]);
        assert!(confirmed.contains("\"level\":\"error\"") && confirmed.contains("\"confirmed\":true"));
        assert!(s.contains("\"version\":\"2.1.0\""));
        assert!(s.contains("\"ruleId\":\"null-deref\",\"ruleIndex\":1"));
        assert!(s.contains("\"uri\":\"a \\\"b\\\".c\""));
        assert!(s.contains("\"threadFlows\""));
        assert!(s.contains("\"uri\":\"x.c\""), "empty trace file falls back to the source file");
        assert_eq!(s.matches('{').count(), s.matches('}').count());
    }
}
