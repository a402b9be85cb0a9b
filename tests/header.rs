//! The header of a test program, in the one syntax every corpus uses (see `tests/README.md`):
//! the comment lines at the top of the file (`//` in C, `;` in LLVM and SMT-LIB files); a line
//! `<comment> key: value` whose key is lowercase kebab-case states something the tests check,
//! every other comment line is free text. The header ends at the first line that is not a
//! comment.
//!
//! Included by the test crates that read corpora (`#[path = ".../tests/header.rs"] mod header;`)
//! so that there is one reader; [`corpus_files`] lists a corpus's programs.
#![allow(dead_code)] // each test binary uses part of this module

/// The `(key, value)` lines of the header of `text`, in order.
pub fn fields(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(comment) = line.strip_prefix("//").or_else(|| line.strip_prefix(';')) else { break };
        let comment = comment.trim_start_matches(';').trim_start();
        let Some((key, value)) = comment.split_once(':') else { continue };
        let is_key = key.starts_with(|c: char| c.is_ascii_lowercase())
            && key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if is_key {
            out.push((key.to_string(), value.trim().to_string()));
        }
    }
    out
}

/// The value of the first header line with `key`.
pub fn value(text: &str, key: &str) -> Option<String> {
    fields(text).into_iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// The values of every header line with `key`, in order (for keys that repeat: `unsupported`,
/// `report`).
pub fn values(text: &str, key: &str) -> Vec<String> {
    fields(text).into_iter().filter(|(k, _)| k == key).map(|(_, v)| v).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_is_the_leading_comment_block() {
        let c = "// expect: false(valid-memtrack)\n// A note: free text.\n// decide: explicit static\nint x; // flags: --m32\n";
        assert_eq!(value(c, "expect").as_deref(), Some("false(valid-memtrack)"));
        assert_eq!(value(c, "decide").as_deref(), Some("explicit static"));
        assert_eq!(value(c, "flags"), None, "a key after the header is not read");
        assert_eq!(fields(c).len(), 2, "`A note` is free text: {:?}", fields(c));
        let smt = "; expect: sat unsat\n(check-sat)\n";
        assert_eq!(value(smt, "expect").as_deref(), Some("sat unsat"));
        let repeated = "// report: null-deref in f\n// report: unreach-call in main\n";
        assert_eq!(values(repeated, "report"), vec!["null-deref in f", "unreach-call in main"]);
    }
}

/// The files of the corpus directory `dir` (not its subfolders) whose extension is one of
/// `extensions`, sorted by name.
pub fn corpus_files(dir: &std::path::Path, extensions: &[&str]) -> Vec<std::path::PathBuf> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e)))
        .collect();
    files.sort();
    files
}
