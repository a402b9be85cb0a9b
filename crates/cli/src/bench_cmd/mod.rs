//! `vigil bench`: run `vigil check` over a list of tasks, each in its own child process under a
//! time and memory limit, and score the answers the way SV-COMP does.
//!
//! Manifests: SV-COMP task files (`.yml`), text files listing task files one per line, or JSON
//! lines (`.jsonl`) with `file` (or `mirror` + `path`, as in the peer-program manifest),
//! `property`, `expected` (`true`, `false`, `"false(valid-deref)"`), and optionally
//! `data_model` (`ILP32` adds `--m32`), `flags`, `category` (else `area`, else the file's folder).
//!
//! Scoring (SV-COMP): +2 correct true, +1 correct false, −32 wrong true, −16 wrong false, 0
//! unknown. A `false` with another subproperty than the expected one is a wrong false.
//! A child that crashes or outlives its limit is an `unknown` with the reason; it cannot take
//! vigil down.

mod child;
mod manifest;
mod scoring;

use child::{run_task, MAX_MEMORY_MIB};
use manifest::read_manifest;
use scoring::*;

use crate::task::Task;
use crate::EXIT_USAGE;
use clap::Args;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct BenchArgs {
    /// Manifests: task files (.yml), lists of task files (.txt), or JSON-lines files (.jsonl).
    #[arg(required = true, value_name = "MANIFEST")]
    pub manifests: Vec<PathBuf>,
    /// Folder that relative paths in JSON-lines manifests are resolved against
    /// [default: the manifest's folder].
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// Tasks run at the same time.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 1)]
    pub jobs: usize,
    /// Time limit per task in seconds (passed to `vigil check`, and enforced on the child).
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub timeout: f64,
    /// Memory limit per task in MiB (address space of the child).
    #[arg(long, value_name = "MIB", default_value_t = 4096)]
    pub memory: u64,
    /// Extra options for every `vigil check` (e.g. "--engine explicit"), split at spaces.
    #[arg(long, value_name = "OPTIONS", allow_hyphen_values = true)]
    pub check_options: Option<String>,
    /// Write the results as JSON here (for --compare).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write the results as CSV here.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Compare with an earlier run's JSON results: differences first, regressions on top.
    #[arg(long, value_name = "FILE")]
    pub compare: Option<PathBuf>,
    /// Print one line per finished task.
    #[arg(long, short = 'v')]
    pub verbose: bool,
}

/// One task to run.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchTask {
    /// The program files (one C file or the task file).
    pub file: PathBuf,
    pub property: String,
    /// `true`, `false` or `false(SUBPROPERTY)`; None when unknown.
    pub expected: Option<String>,
    pub flags: Vec<String>,
    pub category: String,
}

/// The result of one task.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TaskResult {
    pub file: String,
    pub property: String,
    pub category: String,
    pub expected: Option<String>,
    /// `true`, `false(P)` or `unknown(REASON)`.
    pub verdict: String,
    pub outcome: Outcome,
    pub engine: String,
    /// The cause of an unknown verdict (`class:cause`, see `vigil_ir::unknown`); None for other
    /// verdicts, for an unknown whose cause vigil did not state (an error, older result files).
    #[serde(default)]
    pub cause: Option<String>,
    pub wall_s: f64,
    pub cpu_s: Option<f64>,
    pub max_rss_mib: Option<f64>,
}

#[derive(Serialize, Deserialize)]
struct ResultsFile {
    format: String,
    date_unix: u64,
    vigil_version: String,
    timeout_s: f64,
    memory_mib: u64,
    /// How many tasks ended unknown, by cause (`class:cause`, `other` when none was stated).
    #[serde(default)]
    unknown_by_cause: BTreeMap<String, usize>,
    results: Vec<TaskResult>,
}

pub fn run(args: &BenchArgs) -> u8 {
    if let Err(e) = crate::timeout_duration(args.timeout, false) {
        eprintln!("vigil bench: {e}");
        return EXIT_USAGE;
    }
    if args.jobs == 0 || !(64..=MAX_MEMORY_MIB).contains(&args.memory) {
        eprintln!("vigil bench: --jobs must be at least 1 and --memory between 64 and {MAX_MEMORY_MIB} MiB");
        return EXIT_USAGE;
    }
    let mut tasks = Vec::new();
    for m in &args.manifests {
        match read_manifest(m, args.root.as_deref()) {
            Ok(t) => tasks.extend(t),
            Err(e) => {
                eprintln!("vigil bench: {e}");
                return EXIT_USAGE;
            }
        }
    }
    let earlier: Option<Vec<TaskResult>> = match &args.compare {
        None => None,
        Some(p) => match std::fs::read_to_string(p).map_err(|e| e.to_string()).and_then(|t| {
            serde_json::from_str::<ResultsFile>(&t).map_err(|e| format!("not a vigil bench result file: {e}"))
        }) {
            Ok(f) => Some(f.results),
            Err(e) => {
                eprintln!("vigil bench: {}: {e}", p.display());
                return EXIT_USAGE;
            }
        },
    };
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("vigil bench: cannot find the vigil executable: {e}");
            return EXIT_USAGE;
        }
    };
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<TaskResult>>> = Mutex::new(vec![None; tasks.len()]);
    let tty = std::io::stderr().is_terminal();
    std::thread::scope(|s| {
        for _ in 0..args.jobs.min(tasks.len().max(1)) {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(task) = tasks.get(k) else { break };
                let r = run_task(task, args, &exe);
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                let line = format!(
                    "[{n}/{}] {:<13} {} ({}, expected {}, {:.1} s)",
                    tasks.len(),
                    r.outcome,
                    r.file,
                    r.verdict,
                    r.expected.as_deref().unwrap_or("?"),
                    r.wall_s
                );
                if args.verbose || !tty {
                    eprintln!("{line}");
                } else {
                    let mut e = std::io::stderr().lock();
                    let _ = write!(e, "\r\x1b[K{}", line.chars().take(150).collect::<String>());
                    let _ = e.flush();
                }
                results.lock().expect("results")[k] = Some(r);
            });
        }
    });
    if tty && !args.verbose {
        eprintln!();
    }
    let results: Vec<TaskResult> = results.into_inner().expect("results").into_iter().flatten().collect();
    print!("{}", table(&results));
    println!("wall time {:.1} s with {} job(s)", start.elapsed().as_secs_f64(), args.jobs);
    if let Some(old) = &earlier {
        println!();
        print!("{}", compare(old, &results));
    }
    let file = ResultsFile {
        format: "vigil-bench-1".into(),
        date_unix: std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0),
        vigil_version: env!("CARGO_PKG_VERSION").into(),
        timeout_s: args.timeout,
        memory_mib: args.memory,
        unknown_by_cause: unknown_by_cause(&results),
        results,
    };
    if let Some(p) = &args.json {
        let text = serde_json::to_string_pretty(&file).unwrap_or_default();
        if let Err(e) = std::fs::write(p, text + "\n") {
            eprintln!("vigil bench: cannot write {}: {e}", p.display());
            return EXIT_USAGE;
        }
    }
    if let Some(p) = &args.csv {
        if let Err(e) = std::fs::write(p, to_csv(&file.results)) {
            eprintln!("vigil bench: cannot write {}: {e}", p.display());
            return EXIT_USAGE;
        }
    }
    // Wrong answers make the run fail, so scripts notice.
    if file.results.iter().any(|r| r.outcome.is_wrong()) {
        1
    } else {
        0
    }
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_and_scores() {
        use Outcome::*;
        assert_eq!(outcome("true", Some("true")), CorrectTrue);
        assert_eq!(outcome("true", Some("false")), WrongTrue);
        assert_eq!(outcome("false(unreach-call)", Some("false")), CorrectFalse);
        assert_eq!(outcome("false(valid-deref)", Some("false(valid-deref)")), CorrectFalse);
        assert_eq!(outcome("false(valid-free)", Some("false(valid-deref)")), WrongFalse);
        assert_eq!(outcome("false(unreach-call)", Some("true")), WrongFalse);
        assert_eq!(outcome("unknown(timeout)", Some("true")), Unknown);
        assert_eq!(outcome("true", None), Unknown);
        assert_eq!(CorrectTrue.score() + CorrectFalse.score() + WrongTrue.score() + WrongFalse.score(), 2 + 1 - 32 - 16);
        // The results files keep the names.
        assert_eq!(serde_json::to_string(&WrongFalse).unwrap(), "\"wrong-false\"");
        assert_eq!(serde_json::from_str::<Outcome>("\"correct-true\"").unwrap(), CorrectTrue);
        assert_eq!(format!("{:<13}|", Unknown), "unknown      |");
    }

    fn result(file: &str, verdict: &str, expected: &str) -> TaskResult {
        TaskResult {
            file: file.into(),
            property: "unreach-call".into(),
            category: "c".into(),
            expected: Some(expected.into()),
            verdict: verdict.into(),
            outcome: outcome(verdict, Some(expected)),
            engine: "explicit".into(),
            cause: verdict.starts_with("unknown").then(|| "limit:timeout".to_string()),
            wall_s: 1.0,
            cpu_s: Some(0.5),
            max_rss_mib: None,
        }
    }

    #[test]
    fn table_and_comparison() {
        let old = vec![result("a.c", "true", "true"), result("b.c", "unknown(x)", "false"), result("c.c", "true", "true")];
        let new = vec![result("a.c", "unknown(timeout)", "true"), result("b.c", "false(unreach-call)", "false"), result("c.c", "true", "true")];
        let t = table(&new);
        assert!(t.lines().rev().nth(1).unwrap().starts_with("TOTAL"));
        assert!(t.contains(" 3 "), "{t}");
        // One unknown, counted by its cause under the table.
        assert!(t.lines().last().unwrap().starts_with("unknown by cause: limit 1 (timeout 1)"), "{t}");
        assert_eq!(unknown_by_cause(&new).get("limit:timeout"), Some(&1));
        assert_eq!(unknown_by_cause(&old).len(), 1);
        let c = compare(&old, &new);
        let reg = c.find("REGRESSION").expect("regression listed");
        let imp = c.find("improved").expect("improvement listed");
        assert!(reg < imp, "regressions come first:\n{c}");
        assert!(!c.contains("c.c"));
        assert!(c.contains("score: before 4  now 3"), "{c}");
    }

    #[test]
    fn manifests() {
        let dir = tempfile::tempdir().unwrap();
        let m = dir.path().join("m.jsonl");
        std::fs::write(
            &m,
            "{\"file\": \"x/a.c\", \"property\": \"no-overflow\", \"expected\": true}\n\
             # a comment\n\
             {\"mirror\": \"peer\", \"path\": \"t/b.c\", \"property\": \"valid-memsafety\", \"expected\": \"false(valid-deref)\", \"data_model\": \"ILP32\", \"area\": \"memory\"}\n",
        )
        .unwrap();
        let t = read_manifest(&m, None).unwrap();
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].file, dir.path().join("x/a.c"));
        assert_eq!(t[0].expected.as_deref(), Some("true"));
        assert_eq!(t[0].category, "x");
        assert_eq!(t[1].file, dir.path().join("peer/t/b.c"));
        assert_eq!(t[1].flags, vec!["--m32".to_string()]);
        assert_eq!(t[1].category, "memory");
        std::fs::write(&m, "{\"property\": \"unreach-call\"}\n").unwrap();
        assert!(read_manifest(&m, None).unwrap_err().contains("needs \"file\""));
        std::fs::write(&m, "{\"file\": \"a.c\", \"property\": \"bogus\"}\n").unwrap();
        assert!(read_manifest(&m, None).is_err());
        std::fs::write(&m, "not json\n").unwrap();
        assert!(read_manifest(&m, None).unwrap_err().contains("m.jsonl:1"));
    }

    #[test]
    fn csv_quotes_fields() {
        let mut r = result("a,b.c", "unknown(x, y)", "true");
        r.cpu_s = None;
        let c = to_csv(&[r]);
        assert!(c.lines().nth(1).unwrap().starts_with("\"a,b.c\",unreach-call,c,true,\"unknown(x, y)\",unknown,explicit,1.000,,"));
    }
}
