//! Native confirmation: the independent check of a `false`.
//!
//! A counterexample replayed on the VM that found it cannot reveal a wrong model of C or libc.
//! So after the engines answer `false`, [`confirm`] compiles the program — with the settings the
//! check used ([`CompileSettings`]: `-I`, `-D`, `-m32`, the clang) — together with the
//! counterexample's C harness ([`vigil_report::harness`]) by clang with AddressSanitizer and
//! UndefinedBehaviorSanitizer against the real libc, runs it in a temporary directory under a
//! time and memory limit, and checks that the run shows the same violation:
//!
//! * `unreach-call`: `reach_error`/`__VERIFIER_error` reached (the harness's marker) or a failed
//!   `assert`;
//! * `valid-deref`: an AddressSanitizer memory-access report or UBSan's null-pointer report, at
//!   the violation's line (any frame of the report);
//! * `valid-free`: AddressSanitizer's double-free or bad-free report at the line;
//! * `valid-memtrack`: a LeakSanitizer report;
//! * `no-overflow`: UBSan's overflow report at the line.
//!
//! The outcome is [`Status::Confirmed`], [`Status::NotConfirmed`] (native confirmation was not
//! possible or not conclusive, with the reason) or [`Status::Contradicted`]. Invariant: a
//! contradiction is declared only when the native run is a faithful repetition of the
//! counterexample — every input given by the harness, nothing else nondeterministic on the path,
//! a violation kind the sanitizers always see, not inside an uninstrumented library function —
//! and the run ended within its limits without any report. Anything less is `NotConfirmed`:
//! a correct `false` must not become `unknown` because of a weakness of the check.

use crate::compile::CompileSettings;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use vigil_report::harness::{native_flags, ARGC_MARKER, ASSUME_MARKER, EXHAUSTED_MARKER, REACHED_MARKER};
use vigil_report::{Evidence, Subproperty};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Confirmed,
    NotConfirmed,
    Contradicted,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Confirmed => "confirmed",
            Status::NotConfirmed => "not-confirmed",
            Status::Contradicted => "contradicted",
        }
    }
}

/// The result of a native confirmation.
#[derive(Clone, Debug)]
pub struct NativeCheck {
    pub status: Status,
    /// What the native run showed, or why it was not possible.
    pub detail: String,
    /// Time spent (compiling and running).
    pub time_s: f64,
}

impl NativeCheck {
    fn new(status: Status, detail: impl Into<String>) -> NativeCheck {
        NativeCheck { status, detail: detail.into(), time_s: 0.0 }
    }

    /// The line of text output (printed before the verdict line).
    pub fn text(&self) -> String {
        match self.status {
            Status::Confirmed => format!("confirmed natively: {} ({:.1} s)", self.detail, self.time_s),
            Status::NotConfirmed => format!("not confirmed natively: {}", self.detail),
            Status::Contradicted => format!("CONTRADICTED natively: {}", self.detail),
        }
    }

    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({"status": self.status.name(), "detail": self.detail, "time_s": self.time_s})
    }
}

/// The limits of the native run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub compile: Duration,
    pub run: Duration,
    /// AddressSanitizer's resident-memory limit (`hard_rss_limit_mb`).
    pub memory_mib: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { compile: Duration::from_secs(60), run: Duration::from_secs(10), memory_mib: 2048 }
    }
}

/// Facts about the program beyond the counterexample.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProgramFacts {
    /// `main` has parameters: the VM starts it with `argc == 1` and its own `argv[0]`.
    pub main_takes_arguments: bool,
    /// The program calls `pthread_exit`: if `main` ends that way, the process exits when its last
    /// thread does, and the sanitizer's memory-limit thread never ends.
    pub calls_pthread_exit: bool,
}

/// Compiles the program with the counterexample's harness, runs it, and compares.
pub fn confirm(compile: &CompileSettings, ev: &Evidence, facts: ProgramFacts, limits: &Limits) -> NativeCheck {
    let start = Instant::now();
    let mut result = confirm_inner(compile, ev, facts, limits);
    result.time_s = start.elapsed().as_secs_f64();
    result
}

fn confirm_inner(compile: &CompileSettings, ev: &Evidence, facts: ProgramFacts, limits: &Limits) -> NativeCheck {
    let not = |why: String| NativeCheck::new(Status::NotConfirmed, why);
    if matches!(ev.violated, Subproperty::NoDataRace | Subproperty::NoDeadlock) {
        // A native run shows neither: a race leaves no trace in one execution, and a deadlocked
        // program hangs until it is killed.
        return not(format!("a native run cannot observe {}", ev.violated));
    }
    if !ev.environment.not_given.is_empty() {
        return not(format!("the harness cannot give {}", ev.environment.not_given.join("; ")));
    }
    if let Some(v) = ev.inputs.iter().find(|v| vigil_report::evidence::nondet_c_type(&v.function).is_none()) {
        return not(format!("the harness cannot give {} values", v.function));
    }
    let is_pointer = |f: &str| vigil_ir::svcomp::nondet_function(f).is_some_and(|n| n.is_pointer());
    if ev.inputs.iter().any(|v| is_pointer(&v.function) && v.value != 0) {
        return not("a __VERIFIER_nondet_pointer value is a VM address, which means nothing natively".into());
    }
    if let Some(f) = compile.files.iter().find(|f| !matches!(vigil_frontend::InputKind::of(f), Some(vigil_frontend::InputKind::C | vigil_frontend::InputKind::Preprocessed))) {
        return not(format!("{} is not C source", f.display()));
    }
    if let Some(limit) = address_space_limit() {
        return not(format!(
            "the address space is limited to {} MiB (a hard `ulimit -v`), under which AddressSanitizer cannot start",
            limit >> 20
        ));
    }
    let dir = match tempfile::Builder::new().prefix("vigil-native-").tempdir() {
        Ok(d) => d,
        Err(e) => return not(format!("no temporary directory: {e}")),
    };
    if ev.environment.files_opened {
        if let Err(why) = place_files(&compile.vm_files, dir.path()) {
            return not(why);
        }
    }
    let harness = dir.path().join("vigil-harness.c");
    let prelude = dir.path().join("vigil-svcomp.h");
    let exe = dir.path().join("a.out");
    let written = std::fs::write(&harness, compile.harness(ev))
        .and_then(|()| std::fs::write(&prelude, vigil_frontend::driver::svcomp_prelude()));
    if let Err(e) = written {
        return not(format!("cannot write the harness: {e}"));
    }
    if let Err(why) = build(compile, &native_flags(ev.violated), &harness, &prelude, &exe, limits.compile) {
        return not(why);
    }
    let run = match run(&exe, dir.path(), ev, facts, limits) {
        Ok(r) => r,
        Err(why) => return not(why),
    };
    let mut result = judge(ev, facts, &run, limits);
    if result.status == Status::Contradicted && ev.violated == Subproperty::UnreachCall {
        if let Some(why) = hidden_error_function(&exe) {
            result = NativeCheck::new(Status::NotConfirmed, format!("{}, but {why}", result.detail));
        } else {
            result = without_sanitizers(compile, ev, facts, limits, &harness, &prelude, result);
        }
    }
    result
}

/// A second native run of an `unreach-call` counterexample the sanitized run contradicted, built
/// without the sanitizers. Their interceptors replace some of libc's functions with their own,
/// which agree with glibc only on what C promises: AddressSanitizer's `strcmp`, `strncmp`,
/// `strcasecmp` return −1/1 where glibc on x86-64 returns the difference of the first differing
/// bytes, so a program that tests `strcmp(a, b) == -2` reaches its error with glibc and not under
/// AddressSanitizer. The plain build runs glibc's own functions. Reaching the error there confirms
/// the counterexample; otherwise the contradiction stands (it is the sanitized run's, which was
/// judged faithful; the plain run adds no doubt to it).
fn without_sanitizers(
    compile: &CompileSettings,
    ev: &Evidence,
    facts: ProgramFacts,
    limits: &Limits,
    harness: &Path,
    prelude: &Path,
    sanitized: NativeCheck,
) -> NativeCheck {
    let Some(dir) = harness.parent() else { return sanitized };
    let exe = dir.join("a.plain.out");
    let flags: Vec<&str> = native_flags(ev.violated).into_iter().filter(|f| !f.contains("sanitize")).collect();
    if build(compile, &flags, harness, prelude, &exe, limits.compile).is_err() {
        return sanitized;
    }
    let Ok(plain) = run(&exe, dir, ev, facts, limits) else { return sanitized };
    match judge(ev, facts, &plain, limits) {
        NativeCheck { status: Status::Confirmed, detail, .. } => NativeCheck::new(
            Status::Confirmed,
            format!(
                "{detail} in a build without the sanitizers (the sanitized build's run ended without it: its interceptors \
                 replace some libc functions, e.g. strcmp's result is -1/1 there)"
            ),
        ),
        _ => sanitized,
    }
}

/// Writes the VM's files (`--file`) into the native run's working directory under their names,
/// so that the native program opens the same bytes; a name that is absolute or leaves the
/// directory (`..`) cannot be given that way.
fn place_files(files: &[crate::vm_files::VmFile], dir: &Path) -> Result<(), String> {
    for f in files {
        let rel = Path::new(&f.name);
        let plain = rel.components().all(|c| matches!(c, std::path::Component::Normal(_) | std::path::Component::CurDir));
        if !plain {
            return Err(format!("the file {} given with --file is not a name inside the working directory", f.name));
        }
        let path = dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, &f.contents).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// Why the harness might not see the program reach the error function: a `static` definition
/// of `reach_error`/`__VERIFIER_error` (a local symbol) is not the one the harness compares
/// against. None when the executable has no such local symbol.
fn hidden_error_function(exe: &Path) -> Option<String> {
    let out = match Command::new("nm").arg("--defined-only").arg(exe).stdin(Stdio::null()).output() {
        Ok(o) if o.status.success() => o,
        _ => return Some("the executable's symbols could not be read (nm) to rule out a static reach_error".into()),
    };
    let symbols = String::from_utf8_lossy(&out.stdout);
    symbols.lines().find_map(|l| {
        let mut parts = l.split_whitespace().rev();
        let (name, kind) = (parts.next()?, parts.next()?);
        (kind == "t" && vigil_ir::svcomp::is_error_function(name))
            .then(|| format!("the program defines {name} static, which the harness cannot observe"))
    })
}

/// The hard limit of this process's address space (`ulimit -H -v`), when there is one: the
/// native run lifts a soft limit (see `run`) but cannot pass the hard one, and AddressSanitizer
/// needs terabytes of address space for its shadow memory.
fn address_space_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max address space"))?;
    let hard = line["Max address space".len()..].split_whitespace().nth(1)?;
    hard.parse::<u64>().ok()
}

/// Compiles program + harness as `vigil check` compiled the program (its `-I`, `-D`, `-m32`,
/// `-U_FORTIFY_SOURCE -D__VIGIL__=1`, the SV-COMP prelude — retried without it, as the front end
/// does), with the sanitizers.
fn build(compile: &CompileSettings, flags: &[&str], harness: &Path, prelude: &Path, exe: &Path, limit: Duration) -> Result<(), String> {
    let attempt = |with_prelude: bool| -> Result<std::process::Output, String> {
        let mut cmd = Command::new(&compile.tools.clang);
        cmd.args(flags).args(compile.program_flags());
        if with_prelude {
            cmd.arg("-include").arg(prelude);
        }
        cmd.args(&compile.files).arg(harness).arg("-o").arg(exe).args(["-lpthread", "-lm"]);
        cmd.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped());
        let child = cmd.spawn().map_err(|e| format!("cannot run {}: {e}", compile.tools.clang.display()))?;
        wait_output(child, limit).ok_or_else(|| format!("compiling took longer than {} s", limit.as_secs()))
    };
    let first = attempt(true)?;
    if first.status.success() {
        return Ok(());
    }
    let second = attempt(false)?;
    if second.status.success() {
        return Ok(());
    }
    let diag = String::from_utf8_lossy(&second.stderr);
    let first_error = diag.lines().find(|l| l.contains("error")).unwrap_or("clang failed").trim().to_string();
    Err(format!("the program does not build natively with the harness: {first_error}"))
}

/// Waits for a child with a time limit, collecting its stderr (stdout is not piped).
fn wait_output(mut child: std::process::Child, limit: Duration) -> Option<std::process::Output> {
    let mut stderr = child.stderr.take();
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(s) = stderr.as_mut() {
            let _ = s.take(1 << 20).read_to_end(&mut buf);
            // Drain the rest so the child never blocks on a full pipe.
            let _ = std::io::copy(s, &mut std::io::sink());
        }
        buf
    });
    let deadline = Instant::now() + limit;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let stderr = reader.join().unwrap_or_default();
    status.map(|status| std::process::Output { status, stdout: Vec::new(), stderr })
}

/// What the native run did.
struct Run {
    /// None: killed at the time limit.
    output: Option<std::process::Output>,
    stderr: String,
}

fn symbolizer() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p).map(|d| d.join("llvm-symbolizer-19")).find(|p| p.is_file())
    });
    on_path.or_else(|| Some(PathBuf::from("/usr/lib/llvm-19/bin/llvm-symbolizer")).filter(|p| p.is_file()))
}

fn run(exe: &Path, dir: &Path, ev: &Evidence, facts: ProgramFacts, limits: &Limits) -> Result<Run, String> {
    let leaks = ev.violated == Subproperty::ValidMemtrack;
    // `hard_rss_limit_mb` starts a sanitizer thread that never ends: a `main` that ends by
    // `pthread_exit` would leave the process alive (no exit, no leak report) until it is killed.
    // Such a program runs without the memory limit; the time limit still bounds it.
    let rss_limit = if facts.calls_pthread_exit { String::new() } else { format!("hard_rss_limit_mb={}:", limits.memory_mib) };
    let asan = format!(
        "detect_leaks={}:detect_stack_use_after_return=1:allocator_may_return_null=1:{rss_limit}\
         abort_on_error=0:handle_abort=0:halt_on_error=1:symbolize=1:detect_odr_violation=0",
        u8::from(leaks),
    );
    // The sanitizers reserve terabytes of address space for their shadow memory: lift a soft
    // address-space limit (`vigil bench` sets one); `hard_rss_limit_mb` bounds what is used.
    let mut cmd = Command::new("/bin/sh");
    cmd.arg("-c").arg("ulimit -S -v unlimited 2>/dev/null; exec \"$0\"").arg(exe);
    // A clean environment (the VM's getenv sees no variable unless the trace says otherwise),
    // and the local time zone the runtime computes in (UTC: crates/runtime/c/time_conv.c), so a
    // counterexample through localtime or mktime replays alike on a host in another zone.
    cmd.env_clear()
        .env("TZ", "UTC")
        .env("ASAN_OPTIONS", asan)
        .env("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1:symbolize=1")
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if let Some(s) = symbolizer() {
        cmd.env("ASAN_SYMBOLIZER_PATH", &s).env("UBSAN_SYMBOLIZER_PATH", &s);
    }
    let child = cmd.spawn().map_err(|e| format!("cannot run the native program: {e}"))?;
    let output = wait_output(child, limits.run);
    let stderr = output.as_ref().map(|o| String::from_utf8_lossy(&o.stderr).into_owned()).unwrap_or_default();
    Ok(Run { output, stderr })
}

/// A report the native run printed.
#[derive(Debug, PartialEq)]
enum Report {
    /// reach_error / __VERIFIER_error reached, or an assertion failed (the function or `assert`).
    Reached(String),
    /// An AddressSanitizer error (its description) and the source places of its stack.
    Asan(String, Vec<(String, u32)>),
    Leak,
    /// A UBSan runtime error (its message) at a source place.
    Ubsan(String, Option<(String, u32)>),
}

impl Report {
    fn describe(&self) -> String {
        match self {
            Report::Reached(f) if f == "assert" => "an assertion failed".into(),
            Report::Reached(f) => format!("{f}() reached"),
            Report::Asan(what, frames) => match frames.first() {
                Some((file, line)) => format!("AddressSanitizer: {what} at {file}:{line}"),
                None => format!("AddressSanitizer: {what}"),
            },
            Report::Leak => "LeakSanitizer: memory leaks".into(),
            Report::Ubsan(what, Some((file, line))) => format!("UBSan: {what} at {file}:{line}"),
            Report::Ubsan(what, None) => format!("UBSan: {what}"),
        }
    }
}

/// `FILE:LINE[:COL]` (the end of a stack frame line, or the start of a UBSan line).
fn place(text: &str) -> Option<(String, u32)> {
    let number = |s: &str| s.parse::<u32>().ok();
    let parts: Vec<&str> = text.rsplitn(3, ':').collect();
    match parts.as_slice() {
        [col, line, file] if number(col).is_some() && number(line).is_some() => Some((file.to_string(), number(line)?)),
        [line, tail, head] if number(line).is_some() => Some((format!("{head}:{tail}"), number(line)?)),
        [line, file] if number(line).is_some() => Some((file.to_string(), number(line)?)),
        _ => None,
    }
}

/// The first report in a run's stderr.
fn first_report(stderr: &str) -> Option<Report> {
    let mut lines = stderr.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(rest) = line.find(REACHED_MARKER).map(|i| &line[i + REACHED_MARKER.len()..]) {
            return Some(Report::Reached(rest.trim_end_matches("() called").trim().to_string()));
        }
        if line.contains("Assertion `") && line.contains("failed") {
            return Some(Report::Reached("assert".into()));
        }
        if line.contains("ERROR: LeakSanitizer: detected memory leaks") {
            return Some(Report::Leak);
        }
        if let Some(i) = line.find("ERROR: AddressSanitizer: ") {
            let full = &line[i + "ERROR: AddressSanitizer: ".len()..];
            // "heap-use-after-free on address 0x… at pc …": the kind, without the addresses.
            let what = [" on address ", " on unknown address ", ": 0x", " on 0x"]
                .iter()
                .filter_map(|cut| full.find(cut))
                .min()
                .map_or(full, |k| &full[..k])
                .to_string();
            let mut frames = Vec::new();
            for l in lines.by_ref() {
                let t = l.trim();
                if t.starts_with("SUMMARY:") || (!frames.is_empty() && t.is_empty()) {
                    break;
                }
                if t.starts_with('#') {
                    if let Some(p) = t.split_whitespace().last().and_then(place) {
                        frames.push(p);
                    }
                }
            }
            return Some(Report::Asan(what, frames));
        }
        if let Some(i) = line.find(": runtime error: ") {
            let what = line[i + ": runtime error: ".len()..].to_string();
            return Some(Report::Ubsan(what, place(&line[..i])));
        }
    }
    None
}

fn same_place(target: &vigil_report::SourceLoc, file: &str, line: u32) -> bool {
    let base = |p: &str| Path::new(p).file_name().map(|n| n.to_os_string());
    line == target.line && base(file) == base(&target.file)
}

/// Whether a report is the violation the counterexample shows: Some(true) same kind at the
/// same place, Some(false) same kind elsewhere, None another kind.
fn matches(ev: &Evidence, report: &Report) -> Option<bool> {
    let at = |places: &[(String, u32)]| places.iter().any(|(f, l)| same_place(&ev.target, f, *l));
    match (ev.violated, report) {
        (Subproperty::UnreachCall, Report::Reached(_)) => Some(true),
        (Subproperty::ValidMemtrack, Report::Leak) => Some(true),
        (Subproperty::ValidDeref, Report::Asan(what, frames)) if is_access_error(what) => Some(at(frames)),
        (Subproperty::ValidFree, Report::Asan(what, frames)) if is_free_error(what) => Some(at(frames)),
        (Subproperty::ValidDeref, Report::Ubsan(what, place)) if what.contains("null pointer") || is_index_out_of_bounds(what) => {
            Some(place.as_ref().is_some_and(|(f, l)| same_place(&ev.target, f, *l)))
        }
        (Subproperty::NoOverflow, Report::Ubsan(what, place)) if is_overflow(what) => {
            Some(place.as_ref().is_some_and(|(f, l)| same_place(&ev.target, f, *l)))
        }
        _ => None,
    }
}

fn is_access_error(what: &str) -> bool {
    [
        "SEGV", "heap-buffer-overflow", "stack-buffer-overflow", "stack-buffer-underflow", "global-buffer-overflow",
        "heap-use-after-free", "stack-use-after-return", "stack-use-after-scope", "dynamic-stack-buffer-overflow",
        "use-after-poison", "unknown-crash", "BUS", "negative-size-param", "wild pointer",
    ]
    .iter()
    .any(|k| what.starts_with(k))
}

/// UBSan's `-fsanitize=bounds`: "index 2 out of bounds for type 'int[2]'".
fn is_index_out_of_bounds(what: &str) -> bool {
    what.starts_with("index ") && what.contains(" out of bounds for type ")
}

fn is_free_error(what: &str) -> bool {
    what.contains("double-free") || what.starts_with("attempting free") || what.starts_with("bad-free")
}

fn is_overflow(what: &str) -> bool {
    what.starts_with("signed integer overflow")
        || what.starts_with("negation of")
        || (what.starts_with("division of") && what.contains("cannot be represented"))
        || what.starts_with("left shift of")
}

/// Why a non-reproduction of this counterexample would not show that the VM is wrong (None:
/// the native run repeats the counterexample faithfully, so not reproducing it contradicts it).
fn inconclusive_because(ev: &Evidence, facts: ProgramFacts) -> Option<String> {
    let env = &ev.environment;
    if let Some(n) = env.nondeterminism.first() {
        return Some(format!("the path has {n}, which the harness does not fix"));
    }
    if env.argc.is_none() && facts.main_takes_arguments {
        return Some("main reads argc/argv, which differ between the VM and the native run".into());
    }
    match ev.violated {
        Subproperty::ValidMemtrack => {
            return Some(
                "LeakSanitizer sees a leak only at exit and not when a pointer to the block is still in a register \
                 or on the stack"
                    .into(),
            )
        }
        Subproperty::ValidMemcleanup => {
            return Some("LeakSanitizer does not report memory that is still reachable at exit".into())
        }
        Subproperty::ValidDeref
            if !matches!(
                ev.access,
                Some(vigil_report::Access::NullPointer | vigil_report::Access::FreedMemory | vigil_report::Access::ConstantMemory)
            ) =>
        {
            return Some(format!("AddressSanitizer misses some {} (an access that lands in another object)", ev.what))
        }
        _ => {}
    }
    use vigil_ir::svcomp::{role, source_name, Role};
    match ev.inside_call.as_deref() {
        None => None,
        Some(f) if matches!(role(f), Some(Role::Error | Role::AssertFail)) => None,
        Some(f) => Some(format!(
            "the violation is inside the library function {}, which the sanitizers do not instrument",
            source_name(f)
        )),
    }
}

fn judge(ev: &Evidence, facts: ProgramFacts, run: &Run, limits: &Limits) -> NativeCheck {
    let found = first_report(&run.stderr);
    if let Some(report) = &found {
        match matches(ev, report) {
            Some(true) => return NativeCheck::new(Status::Confirmed, report.describe()),
            Some(false) => {
                let t = &ev.target;
                return NativeCheck::new(
                    Status::NotConfirmed,
                    format!("the native run shows {} (the VM: {}:{})", report.describe(), t.file, t.line),
                );
            }
            None => {
                return NativeCheck::new(
                    Status::NotConfirmed,
                    format!("the native run shows another error: {}", report.describe()),
                )
            }
        }
    }
    let ended = match &run.output {
        None => return NativeCheck::new(Status::NotConfirmed, format!("the native run did not end within {} s", limits.run.as_secs())),
        Some(o) => o.status,
    };
    let how = match ended.code() {
        Some(c) => format!("exit code {c}"),
        None => {
            use std::os::unix::process::ExitStatusExt;
            format!("signal {}", ended.signal().unwrap_or(0))
        }
    };
    let mut what_happened = format!("the native run ends without a violation ({how})");
    if run.stderr.contains(ASSUME_MARKER) {
        what_happened.push_str("; an assumption failed natively");
    }
    if run.stderr.contains(EXHAUSTED_MARKER) {
        what_happened.push_str("; the program asked for more inputs than the counterexample has");
    }
    if let Some(line) = run.stderr.lines().find(|l| l.contains(ARGC_MARKER)) {
        return NativeCheck::new(Status::NotConfirmed, format!("the harness could not give main's argc: {}", line.trim()));
    }
    if let Some(line) = run.stderr.lines().find(|l| l.contains("Sanitizer")) {
        // A sanitizer message that is not a report (e.g. its runtime failed to start).
        return NativeCheck::new(Status::NotConfirmed, format!("the sanitizer runtime says: {}", line.trim()));
    }
    if ended.code().is_none() {
        // Killed by a signal without a sanitizer report (e.g. the memory limit): not a repetition.
        return NativeCheck::new(Status::NotConfirmed, what_happened);
    }
    match inconclusive_because(ev, facts) {
        Some(why) => NativeCheck::new(Status::NotConfirmed, format!("{what_happened}, but {why}")),
        None => NativeCheck::new(Status::Contradicted, format!("{what_happened}, the VM: {} at {}:{}", ev.what, ev.target.file, ev.target.line)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_are_read_from_sanitizer_output() {
        let asan = "=================================================================\n\
==1==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010 at pc 0x1 bp 0x2 sp 0x3\n\
READ of size 4 at 0x602000000010 thread T0\n\
    #0 0x55d in main /tmp/p.c:7:10\n\
    #1 0x7f in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16\n\n\
0x602000000010 is located 0 bytes inside\n";
        match first_report(asan) {
            Some(Report::Asan(what, frames)) => {
                assert_eq!(what, "heap-use-after-free");
                assert_eq!(frames[0], ("/tmp/p.c".to_string(), 7));
            }
            other => panic!("{other:?}"),
        }
        let ubsan = "p.c:4:9: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'\n";
        assert_eq!(
            first_report(ubsan),
            Some(Report::Ubsan(
                "signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'".into(),
                Some(("p.c".into(), 4))
            ))
        );
        assert_eq!(first_report("vigil harness: reached reach_error() called\n"), Some(Report::Reached("reach_error".into())));
        assert_eq!(first_report("a.out: p.c:5: main: Assertion `x' failed.\n"), Some(Report::Reached("assert".into())));
        assert_eq!(first_report("==1==ERROR: LeakSanitizer: detected memory leaks\n"), Some(Report::Leak));
        assert_eq!(first_report("hello\n"), None);
        assert_eq!(place("/a/b.c:12"), Some(("/a/b.c".into(), 12)));
        assert_eq!(place("in"), None);
    }

    fn ev(violated: &str, what: &str) -> Evidence {
        Evidence {
            violated: Subproperty::from_name(violated).expect("a subproperty"),
            what: what.into(),
            target: vigil_report::SourceLoc { file: "dir/p.c".into(), line: 7, column: 3, function: "main".into() },
            ..Default::default()
        }
    }

    #[test]
    fn kinds_and_lines_must_match() {
        let uaf = Report::Asan("heap-use-after-free on address".into(), vec![("/x/p.c".into(), 7)]);
        assert_eq!(matches(&ev("valid-deref", "access to freed memory"), &uaf), Some(true));
        let elsewhere = Report::Asan("heap-use-after-free on address".into(), vec![("/x/p.c".into(), 9)]);
        assert_eq!(matches(&ev("valid-deref", "access to freed memory"), &elsewhere), Some(false));
        assert_eq!(matches(&ev("valid-free", "invalid free"), &uaf), None);
        let df = Report::Asan("attempting double-free on 0x1 in thread T0:".into(), vec![("p.c".into(), 7)]);
        assert_eq!(matches(&ev("valid-free", "invalid free"), &df), Some(true));
        assert_eq!(matches(&ev("unreach-call", "assertion failure (reach_error)"), &Report::Reached("reach_error".into())), Some(true));
        assert_eq!(matches(&ev("unreach-call", "x"), &uaf), None);
    }

    #[test]
    fn only_faithful_runs_can_contradict() {
        let facts = ProgramFacts::default();
        assert_eq!(inconclusive_because(&ev("unreach-call", "assertion failure (reach_error)"), facts), None);
        assert!(inconclusive_because(&ev("valid-memtrack", "memory leak"), facts).is_some());
        let deref = |access| Evidence { access: Some(access), ..ev("valid-deref", "any text") };
        assert!(inconclusive_because(&deref(vigil_report::Access::OutOfBounds), facts).is_some());
        assert_eq!(inconclusive_because(&deref(vigil_report::Access::NullPointer), facts), None);
        assert_eq!(inconclusive_because(&deref(vigil_report::Access::FreedMemory), facts), None);
        assert!(inconclusive_because(&ev("unreach-call", "x"), ProgramFacts { main_takes_arguments: true, ..ProgramFacts::default() }).is_some());
        let mut in_abs = ev("no-overflow", "signed integer overflow");
        in_abs.inside_call = Some("abs".into());
        assert!(inconclusive_because(&in_abs, facts).is_some());
        let mut uninit = ev("unreach-call", "x");
        uninit.environment.nondeterminism.push("a branch on an uninitialised value at p.c:3".into());
        assert!(inconclusive_because(&uninit, facts).is_some());
    }
}
