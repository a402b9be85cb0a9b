//! SV-COMP correctness witnesses, YAML format 2.0 (`entry_type: invariant_set`).
//!
//! A witness is a list with one entry: the `metadata` of [`crate::witness`] (format version,
//! uuid, creation time, producer, task) and `content`, a list of `invariant` items. vigil writes
//! `loop_invariant`s: a C expression (`format: c_expression`) that holds whenever control is at
//! the loop head, located at the loop's keyword (`for`, `while`, `do`: line and 1-based column)
//! and function. A proof without invariants gives an empty `content`, which the format allows
//! (the witness then only states that the program is correct).
//!
//! [`read_invariants`] reads a witness back, checking its structure as the format's public
//! description states it; the engines check the invariants themselves.

use crate::witness::{input_hashes, metadata, Metadata, TaskInfo};
use serde::Serialize;

/// A loop invariant at a source location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvariantAt {
    pub file: String,
    pub line: u32,
    /// 1-based; 0 when the witness gives none.
    pub column: u32,
    pub function: String,
    /// A C expression.
    pub value: String,
}

#[derive(Serialize)]
struct Entry {
    entry_type: &'static str,
    metadata: Metadata,
    content: Vec<Item>,
}

#[derive(Serialize)]
struct Item {
    invariant: Invariant,
}

#[derive(Serialize)]
struct Invariant {
    #[serde(rename = "type")]
    kind: &'static str,
    location: Location,
    value: String,
    format: &'static str,
}

#[derive(Serialize)]
struct Location {
    file_name: String,
    line: u32,
    column: u32,
    function: String,
}

/// The 1-based column of the first loop keyword (`for`, `while`, `do`) on `line` of `source`,
/// outside comments and string literals.
pub fn loop_head_column(source: &str, line: u32) -> Option<u32> {
    let text = source.lines().nth(line.checked_sub(1)? as usize)?;
    let b = text.as_bytes();
    let mut i = 0;
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => return None,
            b'"' | b'\'' => {
                let q = b[i];
                i += 1;
                while i < b.len() && b[i] != q {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            c if ident(c) => {
                let st = i;
                while i < b.len() && ident(b[i]) {
                    i += 1;
                }
                if matches!(&text[st..i], "for" | "while" | "do") {
                    return Some(st as u32 + 1);
                }
            }
            _ => i += 1,
        }
    }
    None
}

/// Writes a correctness witness with the loop invariants `invs`. `read_source` returns a
/// file's text (for the hashes); `now_secs` is the creation time.
pub fn correctness_witness(
    task: &TaskInfo,
    invs: &[InvariantAt],
    read_source: &dyn Fn(&str) -> Option<Vec<u8>>,
    now_secs: u64,
) -> Result<String, String> {
    let hashes = input_hashes(task, read_source)?;
    let content: Vec<Item> = invs
        .iter()
        .map(|i| Item {
            invariant: Invariant {
                kind: "loop_invariant",
                location: Location { file_name: i.file.clone(), line: i.line, column: i.column.max(1), function: i.function.clone() },
                value: i.value.clone(),
                format: "c_expression",
            },
        })
        .collect();
    let seed = format!("{:?}{:?}{:?}{now_secs}", task.input_files, hashes, invs);
    let entry = Entry { entry_type: "invariant_set", metadata: metadata(task, hashes, &seed, now_secs), content };
    serde_yaml::to_string(&vec![entry]).map_err(|e| e.to_string())
}

/// Reads the loop invariants of a correctness witness, checking the witness's structure;
/// returns what is wrong otherwise. `location_invariant` entries are refused (vigil checks
/// loop invariants only).
pub fn read_invariants(text: &str) -> Result<Vec<InvariantAt>, String> {
    use serde_yaml::Value;
    let doc: Value = serde_yaml::from_str(text).map_err(|e| format!("not YAML: {e}"))?;
    let entries = doc.as_sequence().ok_or("the document must be a list of entries")?;
    let get = |v: &Value, k: &str| -> Result<Value, String> { v.get(k).cloned().ok_or(format!("missing key '{k}'")) };
    let string = |v: &Value, k: &str| -> Result<String, String> {
        get(v, k)?.as_str().map(str::to_string).ok_or(format!("'{k}' must be a string"))
    };
    let mut out = Vec::new();
    if entries.is_empty() {
        return Err("the witness has no entry".into());
    }
    for e in entries {
        let kind = string(e, "entry_type")?;
        if kind != "invariant_set" {
            return Err(format!("entry_type '{kind}' is not invariant_set (not a correctness witness of format 2.0)"));
        }
        let md = get(e, "metadata")?;
        if string(&md, "format_version")? != "2.0" {
            return Err("format_version must be \"2.0\"".into());
        }
        string(&md, "uuid")?;
        string(&md, "creation_time")?;
        let producer = get(&md, "producer")?;
        string(&producer, "name")?;
        string(&producer, "version")?;
        let task = get(&md, "task")?;
        get(&task, "input_files")?.as_sequence().filter(|s| !s.is_empty()).ok_or("task.input_files must be a non-empty list")?;
        if !matches!(string(&task, "data_model")?.as_str(), "ILP32" | "LP64") {
            return Err("data_model must be ILP32 or LP64".into());
        }
        if string(&task, "language")? != "C" {
            return Err("language must be C".into());
        }
        let content = get(e, "content")?;
        let items = content.as_sequence().ok_or("content must be a list")?;
        for item in items {
            let inv = get(item, "invariant")?;
            let kind = string(&inv, "type")?;
            if kind != "loop_invariant" {
                return Err(format!("invariant type '{kind}': vigil checks loop_invariant entries only"));
            }
            let format = string(&inv, "format")?;
            if format != "c_expression" {
                return Err(format!("invariant format '{format}': vigil reads c_expression only"));
            }
            let loc = get(&inv, "location")?;
            let line = get(&loc, "line")?.as_u64().filter(|l| (1..=u64::from(u32::MAX)).contains(l)).ok_or("location.line must be a positive integer")?;
            let column = match loc.get("column") {
                Some(c) => c.as_u64().filter(|c| (1..=u64::from(u32::MAX)).contains(c)).ok_or("location.column must be a positive integer")?,
                None => 0,
            };
            out.push(InvariantAt {
                file: string(&loc, "file_name")?,
                line: line as u32,
                column: column as u32,
                function: loc.get("function").and_then(Value::as_str).unwrap_or_default().to_string(),
                value: string(&inv, "value")?,
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROG: &str = "int main(void) {\n  unsigned i = 0, s = 0;\n  while (i < 10) { i++; s += 2; } // for\n  for (;;) break;\n}\n";

    #[test]
    fn written_witnesses_read_back() {
        let read = |f: &str| (f == "prog.c").then(|| PROG.as_bytes().to_vec());
        let inv = InvariantAt {
            file: "prog.c".into(),
            line: 3,
            column: loop_head_column(PROG, 3).unwrap(),
            function: "main".into(),
            value: "(unsigned int)s == 2u * (unsigned int)i".into(),
        };
        assert_eq!(inv.column, 3);
        let w = correctness_witness(&crate::witness::test_task(), std::slice::from_ref(&inv), &read, 1_795_000_000).unwrap();
        assert!(w.contains("entry_type: invariant_set") && w.contains("type: loop_invariant"), "{w}");
        assert_eq!(read_invariants(&w).unwrap(), vec![inv]);
        // Without invariants: an empty content list, still a witness.
        let w = correctness_witness(&crate::witness::test_task(), &[], &read, 0).unwrap();
        assert_eq!(read_invariants(&w).unwrap(), vec![]);
        for (from, to) in [("invariant_set", "violation_sequence"), ("format_version: '2.0'", "format_version: '1.0'"), ("language: C", "language: Rust")] {
            let w = correctness_witness(&crate::witness::test_task(), &[], &read, 0).unwrap();
            assert!(w.contains(from), "{from} not in {w}");
            assert!(read_invariants(&w.replacen(from, to, 1)).is_err(), "accepted {to}");
        }
        assert!(correctness_witness(&crate::witness::test_task(), &[], &|_| None, 0).is_err());
    }

    #[test]
    fn loop_keywords_outside_comments_and_strings() {
        assert_eq!(loop_head_column(PROG, 4), Some(3));
        assert_eq!(loop_head_column(PROG, 2), None);
        assert_eq!(loop_head_column("  x = \"for\"; // while\n", 1), None);
        assert_eq!(loop_head_column("  format(); do x++; while (x);", 1), Some(13));
        assert_eq!(loop_head_column("x", 5), None);
    }
}
