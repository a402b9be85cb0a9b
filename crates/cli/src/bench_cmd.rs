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

use crate::property::Property;
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
    /// correct-true, correct-false, wrong-true, wrong-false, unknown.
    pub outcome: String,
    pub engine: String,
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
    results: Vec<TaskResult>,
}

/// Classifies a verdict against the expectation.
pub fn outcome(verdict: &str, expected: Option<&str>) -> &'static str {
    let Some(expected) = expected else { return "unknown" };
    if verdict == "true" {
        return if expected == "true" { "correct-true" } else { "wrong-true" };
    }
    if let Some(rest) = verdict.strip_prefix("false") {
        if !expected.starts_with("false") {
            return "wrong-false";
        }
        // `false` without a subproperty accepts any; `false(P)` needs P.
        let exp_sub = expected.strip_prefix("false").unwrap_or("");
        return if exp_sub.is_empty() || exp_sub == rest || (exp_sub.starts_with('(') && rest.is_empty()) {
            "correct-false"
        } else {
            "wrong-false"
        };
    }
    "unknown"
}

/// SV-COMP points of an outcome.
pub fn score(outcome: &str) -> i64 {
    match outcome {
        "correct-true" => 2,
        "correct-false" => 1,
        "wrong-true" => -32,
        "wrong-false" => -16,
        _ => 0,
    }
}

#[derive(Deserialize)]
struct ManifestLine {
    file: Option<String>,
    mirror: Option<String>,
    path: Option<String>,
    property: Option<String>,
    expected: Option<serde_json::Value>,
    data_model: Option<String>,
    #[serde(default)]
    flags: Vec<String>,
    category: Option<String>,
    area: Option<String>,
}

fn folder_name(p: &Path) -> String {
    p.parent().and_then(|d| d.file_name()).and_then(|n| n.to_str()).unwrap_or("tasks").to_string()
}

fn tasks_of_task_file(path: &Path) -> Result<Vec<BenchTask>, String> {
    let task = Task::load(path)?;
    Ok(task
        .properties
        .iter()
        .map(|p| BenchTask {
            file: path.to_path_buf(),
            property: p.property.name().to_string(),
            expected: p.expected.map(|e| match (e, &p.subproperty) {
                (true, _) => "true".to_string(),
                (false, Some(sub)) => format!("false({sub})"),
                (false, None) => "false".to_string(),
            }),
            flags: Vec::new(),
            category: folder_name(path),
        })
        .collect())
}

/// Reads the tasks of one manifest.
pub fn read_manifest(path: &Path, root: Option<&Path>) -> Result<Vec<BenchTask>, String> {
    let at = path.display();
    if crate::task::is_task_file(path) {
        return tasks_of_task_file(path);
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{at}: {e}"))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let base = root.unwrap_or(dir);
    let mut tasks = Vec::new();
    let jsonl = path.extension().is_some_and(|e| e == "jsonl" || e == "json");
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if !jsonl {
            tasks.extend(tasks_of_task_file(&base.join(line)).map_err(|e| format!("{at}:{}: {e}", k + 1))?);
            continue;
        }
        let m: ManifestLine = serde_json::from_str(line).map_err(|e| format!("{at}:{}: {e}", k + 1))?;
        let rel = match (&m.file, &m.mirror, &m.path) {
            (Some(f), _, _) => PathBuf::from(f),
            (None, Some(mirror), Some(p)) => Path::new(mirror).join(p),
            _ => return Err(format!("{at}:{}: a task needs \"file\" (or \"mirror\" and \"path\")", k + 1)),
        };
        let file = base.join(&rel);
        let property = m.property.unwrap_or_else(|| "unreach-call".into());
        Property::parse(&property).map_err(|e| format!("{at}:{}: {e}", k + 1))?;
        let expected = match m.expected {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::Bool(b)) => Some(b.to_string()),
            Some(serde_json::Value::String(s)) => Some(s),
            Some(other) => return Err(format!("{at}:{}: bad expected verdict {other}", k + 1)),
        };
        let mut flags = m.flags;
        if m.data_model.as_deref() == Some("ILP32") {
            flags.push("--m32".into());
        }
        let category = m.category.or(m.area).unwrap_or_else(|| folder_name(&file));
        tasks.push(BenchTask { file, property, expected, flags, category });
    }
    Ok(tasks)
}

/// Runs one task in a child process; never panics.
fn run_task(task: &BenchTask, args: &BenchArgs, exe: &Path) -> TaskResult {
    let t0 = Instant::now();
    let mut check: Vec<String> = vec![
        "check".into(),
        "--format".into(),
        "json".into(),
        "--timeout".into(),
        format!("{}", args.timeout),
        "--property".into(),
        task.property.clone(),
        // Let the explicit engine stop by itself before the hard limit hits.
        "--max-memory".into(),
        format!("{}", args.memory * 3 / 5),
    ];
    if let Some(extra) = &args.check_options {
        check.extend(extra.split_whitespace().map(String::from));
    }
    check.extend(task.flags.iter().cloned());
    check.push(task.file.display().to_string());
    let timing = tempfile_path("time");
    let use_time = Path::new("/usr/bin/time").exists();
    let mut cmd = if use_time {
        let mut c = Command::new("/usr/bin/time");
        c.args(["-f", "%U %S %M", "-o"]).arg(&timing).arg("/bin/sh");
        c
    } else {
        Command::new("/bin/sh")
    };
    cmd.arg("-c")
        .arg("ulimit -v \"$0\" 2>/dev/null; exec \"$@\"")
        .arg(format!("{}", args.memory * 1024))
        .arg(exe)
        .args(&check)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
    let mut result = TaskResult {
        file: task.file.display().to_string(),
        property: task.property.clone(),
        category: task.category.clone(),
        expected: task.expected.clone(),
        verdict: String::new(),
        outcome: String::new(),
        engine: "none".into(),
        wall_s: 0.0,
        cpu_s: None,
        max_rss_mib: None,
    };
    let verdict = match cmd.spawn() {
        Err(e) => format!("unknown(cannot start vigil: {e})"),
        Ok(child) => {
            let pid = child.id();
            let limit = Duration::from_secs_f64(args.timeout + 30.0);
            let (tx, rx) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                let _ = tx.send(child.wait_with_output());
            });
            match rx.recv_timeout(limit) {
                Ok(Ok(out)) => interpret(&out, &mut result),
                Ok(Err(e)) => format!("unknown(lost the child process: {e})"),
                Err(_) => {
                    // Kill the whole process group (time, sh, vigil, clang).
                    let _ = Command::new("kill").args(["-KILL", "--", &format!("-{pid}")]).status();
                    let _ = rx.recv_timeout(Duration::from_secs(10));
                    format!("unknown(killed after {:.0} s)", limit.as_secs_f64())
                }
            }
        }
    };
    if let Ok(t) = std::fs::read_to_string(&timing) {
        // GNU time writes "Command exited with non-zero status N" first when the exit code is not 0.
        let last = t.lines().last().unwrap_or("");
        let v: Vec<f64> = last.split_whitespace().filter_map(|x| x.parse().ok()).collect();
        if v.len() >= 3 {
            result.cpu_s = Some(v[0] + v[1]);
            result.max_rss_mib = Some(v[2] / 1024.0);
        }
    }
    let _ = std::fs::remove_file(&timing);
    result.wall_s = t0.elapsed().as_secs_f64();
    result.outcome = outcome(&verdict, task.expected.as_deref()).to_string();
    result.verdict = verdict;
    result
}

/// Reads the child's JSON verdict; a crash or bad output is an unknown with the reason.
fn interpret(out: &std::process::Output, result: &mut TaskResult) -> String {
    let json: Option<serde_json::Value> = serde_json::from_slice(&out.stdout).ok();
    match (json, out.status.code()) {
        (Some(j), Some(0 | 10 | 20)) => {
            result.engine = j["engine"].as_str().unwrap_or("none").to_string();
            match j["verdict"].as_str() {
                Some("true") => "true".into(),
                Some("false") => format!("false({})", j["property"].as_str().unwrap_or("?")),
                _ => format!("unknown({})", j["reason"].as_str().unwrap_or("?")),
            }
        }
        (_, Some(EXIT_USAGE_I32)) => {
            let err = String::from_utf8_lossy(&out.stderr);
            format!("unknown(error: {})", err.lines().last().unwrap_or("bad input").trim())
        }
        (_, code) => {
            use std::os::unix::process::ExitStatusExt;
            match out.status.signal() {
                Some(9) => "unknown(out of memory or killed)".into(),
                Some(sig) => format!("unknown(crashed: signal {sig})"),
                None => format!("unknown(crashed: exit code {code:?})"),
            }
        }
    }
}

const EXIT_USAGE_I32: i32 = EXIT_USAGE as i32;

/// The largest `--memory` accepted (1 TiB), so that the limits derived from it cannot overflow.
const MAX_MEMORY_MIB: u64 = 1 << 20;

fn tempfile_path(what: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    std::env::temp_dir().join(format!("vigil-bench-{}-{what}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed)))
}

/// Totals of one category.
#[derive(Default, Clone)]
struct Tally {
    tasks: usize,
    correct_true: usize,
    correct_false: usize,
    wrong_true: usize,
    wrong_false: usize,
    unknown: usize,
    score: i64,
    cpu_s: f64,
}

impl Tally {
    fn add(&mut self, r: &TaskResult) {
        self.tasks += 1;
        match r.outcome.as_str() {
            "correct-true" => self.correct_true += 1,
            "correct-false" => self.correct_false += 1,
            "wrong-true" => self.wrong_true += 1,
            "wrong-false" => self.wrong_false += 1,
            _ => self.unknown += 1,
        }
        self.score += score(&r.outcome);
        self.cpu_s += r.cpu_s.unwrap_or(r.wall_s);
    }
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
    s
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn to_csv(results: &[TaskResult]) -> String {
    let mut s = String::from("file,property,category,expected,verdict,outcome,engine,wall_s,cpu_s,max_rss_mib\n");
    for r in results {
        let fields = [
            csv_field(&r.file),
            csv_field(&r.property),
            csv_field(&r.category),
            csv_field(r.expected.as_deref().unwrap_or("")),
            csv_field(&r.verdict),
            r.outcome.clone(),
            csv_field(&r.engine),
            format!("{:.3}", r.wall_s),
            r.cpu_s.map(|c| format!("{c:.3}")).unwrap_or_default(),
            r.max_rss_mib.map(|m| format!("{m:.1}")).unwrap_or_default(),
        ];
        s.push_str(&fields.join(","));
        s.push('\n');
    }
    s
}

/// How good an outcome is, for ordering a comparison (higher is better).
fn rank(outcome: &str) -> i32 {
    match outcome {
        "wrong-true" | "wrong-false" => 0,
        "unknown" => 1,
        _ => 2,
    }
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
        if o.outcome == "unknown" && n.outcome == "unknown" {
            // Only the reason changed: counted, not listed.
            other_reason += 1;
            continue;
        }
        let delta = rank(&n.outcome) - rank(&o.outcome);
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
    let total = |rs: &[TaskResult]| rs.iter().map(|r| score(&r.outcome)).sum::<i64>();
    s.push_str(&format!("score: before {}  now {}  ({} tasks compared)\n", total(old), total(new), new.iter().filter(|n| old_by.contains_key(&key(n))).count()));
    s
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
    if file.results.iter().any(|r| r.outcome.starts_with("wrong")) {
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
        assert_eq!(outcome("true", Some("true")), "correct-true");
        assert_eq!(outcome("true", Some("false")), "wrong-true");
        assert_eq!(outcome("false(unreach-call)", Some("false")), "correct-false");
        assert_eq!(outcome("false(valid-deref)", Some("false(valid-deref)")), "correct-false");
        assert_eq!(outcome("false(valid-free)", Some("false(valid-deref)")), "wrong-false");
        assert_eq!(outcome("false(unreach-call)", Some("true")), "wrong-false");
        assert_eq!(outcome("unknown(timeout)", Some("true")), "unknown");
        assert_eq!(outcome("true", None), "unknown");
        assert_eq!(score("correct-true") + score("correct-false") + score("wrong-true") + score("wrong-false"), 2 + 1 - 32 - 16);
    }

    fn result(file: &str, verdict: &str, expected: &str) -> TaskResult {
        TaskResult {
            file: file.into(),
            property: "unreach-call".into(),
            category: "c".into(),
            expected: Some(expected.into()),
            verdict: verdict.into(),
            outcome: outcome(verdict, Some(expected)).into(),
            engine: "explicit".into(),
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
        assert!(t.lines().last().unwrap().starts_with("TOTAL"));
        assert!(t.contains(" 3 "), "{t}");
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
