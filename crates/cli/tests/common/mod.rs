//! The test programs of `tests/c` and their headers, shared by the integration tests.
//!
//! Headers (the syntax of `tests/README.md`, read by `tests/header.rs`): `// expect: true |
//! false(SUBPROPERTY) | unknown(WHY)` (the correct answer; `unknown` for undefined behaviour
//! outside the property, WHY a part of the reason), `// property: P` (when not unreach-call),
//! `// flags: …` (extra options; `$TESTS_C` stands for the directory tests/c), `// decide: ENGINE…` (engines that must answer exactly the
//! expectation, not unknown), `// unknown: CAUSE` (the cause those engines' unknown must have).
#![allow(dead_code)] // each test binary uses part of this module

use std::path::{Path, PathBuf};

#[derive(Clone)]
pub struct Case {
    pub path: PathBuf,
    pub expect: String,
    pub property: Option<String>,
    pub flags: Vec<String>,
    pub decide: Vec<String>,
    /// `// unknown: CAUSE`: a class, a cause or `class:cause` of `vigil_ir::unknown`.
    pub unknown: Option<String>,
}

impl Case {
    pub fn name(&self) -> String {
        self.path.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string()
    }

    /// `--property P` (if any) followed by the case's flags.
    pub fn options(&self) -> Vec<String> {
        let mut v = Vec::new();
        if let Some(p) = &self.property {
            v.push("--property".into());
            v.push(p.clone());
        }
        // `$TESTS_C` in a flag is the directory of tests/c (for `--file NAME=$TESTS_C/files/…`).
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/c");
        v.extend(self.flags.iter().map(|f| f.replace("$TESTS_C", &dir.display().to_string())));
        v
    }
}

#[path = "../../../../tests/header.rs"]
mod header;
use header::value as header;

/// The environment variable that restricts the corpus to some programs while developing:
/// comma-separated prefixes of file names (`VIGIL_CORPUS_ONLY=868,87` runs 868 and 870–879).
pub const ONLY_VAR: &str = "VIGIL_CORPUS_ONLY";

/// The prefixes of [`ONLY_VAR`], if it is set (and not empty).
fn only_prefixes() -> Option<Vec<String>> {
    let v = std::env::var(ONLY_VAR).ok()?;
    let prefixes: Vec<String> = v.split(',').map(str::trim).filter(|p| !p.is_empty()).map(String::from).collect();
    (!prefixes.is_empty()).then_some(prefixes)
}

/// Whether [`ONLY_VAR`] restricts the corpus (the tests' counts of programs then do not apply).
pub fn is_restricted() -> bool {
    only_prefixes().is_some()
}

/// Every program under `tests/c` (not its subfolders) that states an expectation, sorted; only
/// those [`ONLY_VAR`] names when it is set.
pub fn cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/c");
    let only = only_prefixes();
    header::corpus_files(&dir, &["c", "ll"])
        .into_iter()
        .filter(|path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            only.as_ref().is_none_or(|ps| ps.iter().any(|p| name.starts_with(p.as_str())))
        })
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            let expect = header(&text, "expect")?;
            Some(Case {
                expect,
                property: header(&text, "property"),
                flags: header(&text, "flags").map(|f| f.split_whitespace().map(String::from).collect()).unwrap_or_default(),
                decide: header(&text, "decide")
                    .map(|d| d.split([',', ' ']).filter(|s| !s.is_empty()).map(String::from).collect())
                    .unwrap_or_default(),
                unknown: header(&text, "unknown"),
                path,
            })
        })
        .collect()
}

/// The environment variable naming a file to which the corpus tests append one line per run
/// (`program engine seconds verdict`): where the corpus's time goes.
pub const TIMES_VAR: &str = "VIGIL_CORPUS_TIMES";

/// Appends a run's wall time to the file [`TIMES_VAR`] names, if it is set.
pub fn log_time(program: &str, engine: &str, elapsed: std::time::Duration, verdict: &str) {
    use std::io::Write;
    let Some(path) = std::env::var_os(TIMES_VAR) else { return };
    let line = format!("{program} {engine} {:.2} {verdict}\n", elapsed.as_secs_f64());
    if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
        let _ = f.write_all(line.as_bytes());
    }
}

#[path = "../../../../tests/parallel.rs"]
mod parallel;
pub use parallel::in_parallel;

/// xorshift64*, deterministic: the random program generators of the differential tests.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len() as u64) as usize]
    }
}
