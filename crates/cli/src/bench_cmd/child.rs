//! Running one task: `vigil check --format json` in a child process under the task's time and
//! memory limits, and reading its answer back.
//!
//! Invariant: whatever the child does (crash, hang, garbage on stdout, exit by a signal), the
//! result is a [`TaskResult`] — an `unknown` with the reason when there is no answer — and the
//! parent never panics or waits more than 30 s past the time limit (then it kills the process group).

use super::*;
use vigil_ir::unknown::Cause;

/// Runs one task in a child process; never panics.
pub(super) fn run_task(task: &BenchTask, args: &BenchArgs, exe: &Path) -> TaskResult {
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
    // A soft limit only: native confirmation lifts it for the sanitizer build it runs, whose
    // shadow memory needs terabytes of address space (its resident memory has a limit of its own).
    cmd.arg("-c")
        .arg("ulimit -S -v \"$0\" 2>/dev/null; exec \"$@\"")
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
        outcome: Outcome::Unknown,
        engine: "none".into(),
        cause: None,
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
                    result.cause = Some(Cause::Timeout.qualified());
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
    result.outcome = outcome(&verdict, task.expected.as_deref());
    result.verdict = verdict;
    result
}

/// The line of a failed check's stderr that says what is wrong: clang's first `error:`
/// diagnostic for a program that does not compile (its last line only counts the errors), else
/// the last line.
fn first_error(stderr: &str) -> &str {
    let mut lines = stderr.lines().map(str::trim).filter(|l| !l.is_empty());
    let last = lines.clone().last().unwrap_or("bad input");
    lines.find(|l| l.contains(" error: ") || l.starts_with("error: ")).unwrap_or(last)
}

/// Reads the child's JSON verdict; a crash or bad output is an unknown with the reason.
pub(super) fn interpret(out: &std::process::Output, result: &mut TaskResult) -> String {
    let json: Option<serde_json::Value> = serde_json::from_slice(&out.stdout).ok();
    match (json, out.status.code()) {
        (Some(j), Some(0 | 10 | 20)) => {
            result.engine = j["engine"].as_str().unwrap_or("none").to_string();
            result.cause = j["cause"].as_str().map(String::from);
            match j["verdict"].as_str() {
                Some("true") => "true".into(),
                Some("false") => format!("false({})", j["property"].as_str().unwrap_or("?")),
                _ => format!("unknown({})", j["reason"].as_str().unwrap_or("?")),
            }
        }
        (_, Some(EXIT_USAGE_I32)) => {
            let err = String::from_utf8_lossy(&out.stderr);
            format!("unknown(error: {})", first_error(&err))
        }
        (_, code) => {
            use std::os::unix::process::ExitStatusExt;
            // Rust aborts when an allocation fails (under the address-space limit set above,
            // before the resident limit is reached); it says so on stderr. That is the memory
            // limit, not a bug.
            let stderr = String::from_utf8_lossy(&out.stderr);
            if let Some(line) = stderr.lines().find(|l| l.starts_with("memory allocation of")) {
                result.cause = Some(Cause::MemoryLimit.qualified());
                return format!("unknown(out of memory: {})", line.trim());
            }
            match out.status.signal() {
                Some(9) => {
                    result.cause = Some(Cause::MemoryLimit.qualified());
                    "unknown(out of memory or killed)".into()
                }
                Some(sig) => {
                    result.cause = Some(Cause::Bug.qualified());
                    format!("unknown(crashed: signal {sig})")
                }
                None => {
                    result.cause = Some(Cause::Bug.qualified());
                    format!("unknown(crashed: exit code {code:?})")
                }
            }
        }
    }
}

pub(super) const EXIT_USAGE_I32: i32 = EXIT_USAGE as i32;

/// The largest `--memory` accepted (1 TiB), so that the limits derived from it cannot overflow.
pub(super) const MAX_MEMORY_MIB: u64 = 1 << 20;

pub(super) fn tempfile_path(what: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    std::env::temp_dir().join(format!("vigil-bench-{}-{what}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;

    fn empty_result() -> TaskResult {
        TaskResult {
            file: "t.c".into(),
            property: "unreach-call".into(),
            category: "c".into(),
            expected: None,
            verdict: String::new(),
            outcome: Outcome::Unknown,
            engine: "none".into(),
            cause: None,
            wall_s: 0.0,
            cpu_s: None,
            max_rss_mib: None,
        }
    }

    fn output(status: i32, stderr: &str) -> std::process::Output {
        std::process::Output { status: std::process::ExitStatus::from_raw(status), stdout: Vec::new(), stderr: stderr.into() }
    }

    #[test]
    fn a_program_that_does_not_compile_is_reported_by_its_first_error() {
        let stderr = "vigil check: p.c does not compile:\np.c:3:8: error: too few arguments to function call\n    3 |   exit();\n      |   ~~~~ ^\np.c:9:1: error: unknown type name 'x'\n2 errors generated.\n";
        let mut r = empty_result();
        let v = interpret(&output(EXIT_USAGE_I32 << 8, stderr), &mut r);
        assert_eq!(v, "unknown(error: p.c:3:8: error: too few arguments to function call)");
        // Other usage errors keep their last line.
        let v = interpret(&output(EXIT_USAGE_I32 << 8, "vigil check: bad option\n"), &mut r);
        assert_eq!(v, "unknown(error: vigil check: bad option)");
    }

    #[test]
    fn a_failed_allocation_is_the_memory_limit_and_another_crash_a_bug() {
        // The exit status of a process that exited with code 134 (the shell's report of an abort).
        let mut r = empty_result();
        let v = interpret(&output(134 << 8, "memory allocation of 4294967296 bytes failed\n"), &mut r);
        assert_eq!(v, "unknown(out of memory: memory allocation of 4294967296 bytes failed)");
        assert_eq!(r.cause.as_deref(), Some("limit:memory-limit"));
        let mut r = empty_result();
        let v = interpret(&output(134 << 8, "thread panicked\n"), &mut r);
        assert_eq!(v, "unknown(crashed: exit code Some(134))");
        assert_eq!(r.cause.as_deref(), Some("internal:bug"));
    }
}
