//! SV-COMP violation witnesses, YAML format 2.0 (`entry_type: violation_sequence`).
//!
//! A witness is a list with one entry: `metadata` (format version, uuid, creation time, producer,
//! and the task: input files with their SHA-256, the specification, data model, language) and
//! `content`, a sequence of segments. Each segment is a list of waypoints of which exactly the
//! last has `action: follow`; the last segment ends in the `target` waypoint (the violation).
//! vigil writes one segment per input value — a `function_return` waypoint at the closing
//! parenthesis of the `__VERIFIER_nondet_*` call constraining `\result` — and a final `target`
//! segment. A waypoint whose column cannot be placed exactly is left out (a witness with fewer
//! waypoints is weaker but still right; a misplaced one would be wrong).
//!
//! [`check_violation_witness`] checks a witness against the format's structure as its public
//! description (sv-witnesses, format 2.0) states it; the tests run every witness vigil writes
//! through it.

use crate::evidence::{Evidence, SourceLoc};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// What a witness says about the task besides the counterexample.
#[derive(Clone, Debug)]
pub struct TaskInfo {
    /// The program's files as given on the command line (first is the main one).
    pub input_files: Vec<String>,
    /// The property file's text (`CHECK( init(main()), LTL(...) )`).
    pub specification: String,
    pub ilp32: bool,
    pub producer_version: String,
}

#[derive(Serialize)]
struct Entry {
    entry_type: &'static str,
    metadata: Metadata,
    content: Vec<Segment>,
}

#[derive(Serialize)]
pub(crate) struct Metadata {
    pub(crate) format_version: &'static str,
    pub(crate) uuid: String,
    pub(crate) creation_time: String,
    pub(crate) producer: Producer,
    pub(crate) task: Task,
}

#[derive(Serialize)]
pub(crate) struct Producer {
    pub(crate) name: &'static str,
    pub(crate) version: String,
}

#[derive(Serialize)]
pub(crate) struct Task {
    pub(crate) input_files: Vec<String>,
    pub(crate) input_file_hashes: BTreeMap<String, String>,
    pub(crate) specification: String,
    pub(crate) data_model: &'static str,
    pub(crate) language: &'static str,
}

#[derive(Serialize)]
struct Segment {
    segment: Vec<WaypointItem>,
}

#[derive(Serialize)]
struct WaypointItem {
    waypoint: Waypoint,
}

#[derive(Serialize)]
struct Waypoint {
    #[serde(rename = "type")]
    kind: &'static str,
    action: &'static str,
    location: Location,
    #[serde(skip_serializing_if = "Option::is_none")]
    constraint: Option<Constraint>,
}

#[derive(Serialize)]
struct Location {
    file_name: String,
    line: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    function: Option<String>,
}

#[derive(Serialize)]
struct Constraint {
    value: String,
    format: &'static str,
}

fn location(l: &SourceLoc, column: Option<u32>) -> Location {
    Location {
        file_name: l.file.clone(),
        line: l.line,
        column,
        function: (!l.function.is_empty()).then(|| l.function.clone()),
    }
}

/// The 1-based column of the closing parenthesis of the call that starts at (`line`, `column`)
/// of `source`, when the call's parentheses close on the same line.
pub fn closing_paren_column(source: &str, line: u32, column: u32) -> Option<u32> {
    let text = source.lines().nth(line.checked_sub(1)? as usize)?;
    let bytes = text.as_bytes();
    let start = column.checked_sub(1)? as usize;
    let open = start + bytes.get(start..)?.iter().position(|&b| b == b'(')?;
    let mut depth = 0usize;
    for (k, &b) in bytes.iter().enumerate().skip(open) {
        match b {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k as u32 + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Renders a number of seconds since the Unix epoch as ISO 8601 UTC.
pub(crate) fn iso8601(secs: u64) -> String {
    humantime::format_rfc3339_seconds(std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs)).to_string()
}

pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// An RFC 4122 version-4-shaped uuid derived from the witness's content (deterministic).
pub(crate) fn uuid_from(seed: &[u8]) -> String {
    let h = Sha256::digest(seed);
    let mut b = [0u8; 16];
    b.copy_from_slice(&h[..16]);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}

/// The SHA-256 of each input file of `task`, whose text `read_source` returns.
pub(crate) fn input_hashes(
    task: &TaskInfo,
    read_source: &dyn Fn(&str) -> Option<Vec<u8>>,
) -> Result<BTreeMap<String, String>, String> {
    let mut hashes = BTreeMap::new();
    for f in &task.input_files {
        let bytes = read_source(f).ok_or_else(|| format!("cannot read {f} to hash it"))?;
        hashes.insert(f.clone(), sha256_hex(&bytes));
    }
    Ok(hashes)
}

/// The metadata of a format-2.0 witness (violation or correctness) of `task`; `seed` makes
/// its UUID, `now_secs` is the creation time.
pub(crate) fn metadata(task: &TaskInfo, hashes: BTreeMap<String, String>, seed: &str, now_secs: u64) -> Metadata {
    Metadata {
        format_version: "2.0",
        uuid: uuid_from(seed.as_bytes()),
        creation_time: iso8601(now_secs),
        producer: Producer { name: "vigil", version: task.producer_version.clone() },
        task: Task {
            input_files: task.input_files.clone(),
            input_file_hashes: hashes,
            specification: task.specification.clone(),
            data_model: if task.ilp32 { "ILP32" } else { "LP64" },
            language: "C",
        },
    }
}

/// Writes the violation witness of `ev`. `read_source` returns a file's text (used for the
/// hashes and to place waypoints); `now_secs` is the creation time.
pub fn violation_witness(
    task: &TaskInfo,
    ev: &Evidence,
    read_source: &dyn Fn(&str) -> Option<Vec<u8>>,
    now_secs: u64,
) -> Result<String, String> {
    let hashes = input_hashes(task, read_source)?;
    let mut content = Vec::new();
    for v in &ev.inputs {
        let Some(l) = &v.loc else { continue };
        let source = read_source(&l.file).map(|b| String::from_utf8_lossy(&b).into_owned());
        let Some(col) = source.as_deref().and_then(|s| closing_paren_column(s, l.line, l.column)) else {
            continue;
        };
        content.push(Segment {
            segment: vec![WaypointItem {
                waypoint: Waypoint {
                    kind: "function_return",
                    action: "follow",
                    location: location(l, Some(col)),
                    constraint: Some(Constraint {
                        value: format!(
                            "\\result == {}",
                            crate::evidence::float_value(&v.function, v.value).unwrap_or_else(|| v.value.to_string())
                        ),
                        format: "acsl_expression",
                    }),
                },
            }],
        });
    }
    let t = &ev.target;
    content.push(Segment {
        segment: vec![WaypointItem {
            waypoint: Waypoint {
                kind: "target",
                action: "follow",
                location: location(t, (t.column > 0).then_some(t.column)),
                constraint: None,
            },
        }],
    });
    let seed = format!("{:?}{:?}{:?}{now_secs}", task.input_files, hashes, ev);
    let entry = Entry { entry_type: "violation_sequence", metadata: metadata(task, hashes, &seed, now_secs), content };
    serde_yaml::to_string(&vec![entry]).map_err(|e| e.to_string())
}

/// Checks that `text` is a violation witness of format 2.0; returns what is wrong.
pub fn check_violation_witness(text: &str) -> Result<(), String> {
    use serde_yaml::Value;
    let doc: Value = serde_yaml::from_str(text).map_err(|e| format!("not YAML: {e}"))?;
    let entries = doc.as_sequence().ok_or("the document must be a list of entries")?;
    if entries.len() != 1 {
        return Err("a violation witness has exactly one entry".into());
    }
    let e = &entries[0];
    let get = |v: &Value, k: &str| -> Result<Value, String> { v.get(k).cloned().ok_or(format!("missing key '{k}'")) };
    let string = |v: &Value, k: &str| -> Result<String, String> {
        get(v, k)?.as_str().map(str::to_string).ok_or(format!("'{k}' must be a string"))
    };
    if string(e, "entry_type")? != "violation_sequence" {
        return Err("entry_type must be violation_sequence".into());
    }
    let md = get(e, "metadata")?;
    if string(&md, "format_version")? != "2.0" {
        return Err("format_version must be \"2.0\"".into());
    }
    let uuid = string(&md, "uuid")?;
    let groups: Vec<usize> = uuid.split('-').map(str::len).collect();
    if groups != [8, 4, 4, 4, 12] || !uuid.chars().all(|c| c == '-' || c.is_ascii_hexdigit()) {
        return Err(format!("uuid '{uuid}' is not an RFC 4122 uuid"));
    }
    let ct = string(&md, "creation_time")?;
    if ct.len() < 20 || ct.as_bytes()[4] != b'-' || ct.as_bytes()[10] != b'T' {
        return Err(format!("creation_time '{ct}' is not ISO 8601"));
    }
    let producer = get(&md, "producer")?;
    string(&producer, "name")?;
    string(&producer, "version")?;
    let task = get(&md, "task")?;
    let files = get(&task, "input_files")?;
    let files = files.as_sequence().filter(|s| !s.is_empty()).ok_or("task.input_files must be a non-empty list")?;
    let hashes = get(&task, "input_file_hashes")?;
    for f in files {
        let f = f.as_str().ok_or("input_files must be strings")?;
        let h = hashes.get(f).and_then(Value::as_str).ok_or(format!("no input_file_hashes entry for {f}"))?;
        if h.len() != 64 || !h.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(format!("hash of {f} is not a SHA-256 hex digest"));
        }
    }
    string(&task, "specification")?;
    if !matches!(string(&task, "data_model")?.as_str(), "ILP32" | "LP64") {
        return Err("data_model must be ILP32 or LP64".into());
    }
    if string(&task, "language")? != "C" {
        return Err("language must be C".into());
    }
    let content = get(e, "content")?;
    let segments = content.as_sequence().filter(|s| !s.is_empty()).ok_or("content must be a non-empty list")?;
    for (k, seg) in segments.iter().enumerate() {
        let last_segment = k + 1 == segments.len();
        let wps = get(seg, "segment")?;
        let wps = wps.as_sequence().filter(|s| !s.is_empty()).ok_or("a segment must be a non-empty list")?;
        for (j, item) in wps.iter().enumerate() {
            let last_waypoint = j + 1 == wps.len();
            let wp = get(item, "waypoint")?;
            let kind = string(&wp, "type")?;
            let action = string(&wp, "action")?;
            if !matches!(kind.as_str(), "assumption" | "branching" | "function_enter" | "function_return" | "target") {
                return Err(format!("unknown waypoint type '{kind}'"));
            }
            match (action.as_str(), last_waypoint) {
                ("follow", true) | ("avoid", false) => {}
                ("follow", false) => return Err("only the last waypoint of a segment may be 'follow'".into()),
                ("avoid", true) => return Err("the last waypoint of a segment must be 'follow'".into()),
                _ => return Err(format!("unknown action '{action}'")),
            }
            if kind == "target" && !(last_segment && last_waypoint) {
                return Err("the target waypoint must be the last waypoint of the last segment".into());
            }
            if last_segment && last_waypoint && kind != "target" {
                return Err("the last segment must end with the target waypoint".into());
            }
            let loc = get(&wp, "location")?;
            string(&loc, "file_name")?;
            let line = get(&loc, "line")?.as_u64().filter(|l| *l >= 1).ok_or("location.line must be a positive integer")?;
            let _ = line;
            if let Some(c) = loc.get("column") {
                c.as_u64().filter(|c| *c >= 1).ok_or("location.column must be a positive integer")?;
            }
            if matches!(kind.as_str(), "assumption" | "branching" | "function_return") {
                let c = get(&wp, "constraint")?;
                string(&c, "value")?;
                if let Some(f) = c.get("format") {
                    if !matches!(f.as_str(), Some("c_expression") | Some("acsl_expression")) {
                        return Err("constraint.format must be c_expression or acsl_expression".into());
                    }
                }
            }
        }
    }
    Ok(())
}

/// The task of the witness writers' tests: `prog.c` under `unreach-call`, LP64.
#[cfg(test)]
pub(crate) fn test_task() -> TaskInfo {
    TaskInfo {
        input_files: vec!["prog.c".into()],
        specification: "CHECK( init(main()), LTL(G ! call(reach_error())) )".into(),
        ilp32: false,
        producer_version: "0.1.0".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::InputValue;

    const PROG: &str = "int main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x == 42) reach_error();\n}\n";

    fn read(f: &str) -> Option<Vec<u8>> {
        (f == "prog.c").then(|| PROG.as_bytes().to_vec())
    }

    fn evidence() -> Evidence {
        let at = |line, column| SourceLoc { file: "prog.c".into(), line, column, function: "main".into() };
        Evidence {
            inputs: vec![InputValue { function: "__VERIFIER_nondet_int".into(), value: 42, loc: Some(at(2, 11)) }],
            target: at(3, 16),
            violated: crate::Subproperty::UnreachCall,
            ..Default::default()
        }
    }

    #[test]
    fn written_witness_passes_the_format_check() {
        let w = violation_witness(&test_task(), &evidence(), &read, 1_795_000_000).unwrap();
        check_violation_witness(&w).unwrap_or_else(|e| panic!("{e}\n{w}"));
        assert!(w.contains("\\result == 42"), "{w}");
        // The call `__VERIFIER_nondet_int()` starts at column 11; its ')' is column 33.
        assert!(w.contains("column: 33"), "{w}");
        assert!(w.contains("type: target"));
    }

    #[test]
    fn the_checker_rejects_broken_witnesses() {
        let good = violation_witness(&test_task(), &evidence(), &read, 0).unwrap();
        for (from, to) in [
            ("violation_sequence", "invariant_set"),
            ("format_version: '2.0'", "format_version: '1.0'"),
            ("type: target", "type: somewhere"),
            ("data_model: LP64", "data_model: LP48"),
            ("action: follow", "action: avoid"),
            ("language: C", "language: Java"),
        ] {
            assert!(good.contains(from), "{from} not in\n{good}");
            let bad = good.replacen(from, to, 1);
            assert!(check_violation_witness(&bad).is_err(), "accepted with {to}:\n{bad}");
        }
        assert!(check_violation_witness("- 1").is_err());
        assert!(check_violation_witness("not: [a list").is_err());
    }

    #[test]
    fn dates_and_parentheses() {
        assert_eq!(iso8601(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso8601(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(iso8601(1_795_000_000), "2026-11-18T11:06:40Z");
        assert_eq!(closing_paren_column("  f(g(1), (2));", 1, 3), Some(14));
        assert_eq!(closing_paren_column("  f(g(1),", 1, 3), None);
        assert_eq!(closing_paren_column("x", 2, 1), None);
    }
}
