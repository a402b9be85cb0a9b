//! The static engine on the programs of issue 5 (`tests/programs/*.c`): each test asserts the
//! reports its program's header states (`// report: KIND in FUNCTION` at the line marked
//! `// BUG`, or `// report: none`; the syntax of `tests/README.md`), and every report's input
//! vector is checked by running the program natively: it is compiled with clang-19 together with
//! a harness whose `__VERIFIER_nondet_*` functions return the vector in order, and must end in
//! the reported bug (exit code 77 from `reach_error`, SIGSEGV for a NULL dereference, SIGFPE for a
//! division by zero).

#[path = "../../../tests/header.rs"]
mod header;
mod generated;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use vigil_frontend::{load, FrontendOptions};
use vigil_static::{analyse, Analysis, Options, Report, ReportKind};

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs").join(name)
}

fn module_of(path: &Path) -> vigil_ir::Module {
    let opts = FrontendOptions { mem2reg: true, runtime: None, ..FrontendOptions::default() };
    load(&[path.to_path_buf()], &opts).unwrap_or_else(|e| panic!("front end failed on {}: {e}", path.display()))
}

fn run(name: &str, opts: &Options) -> (Analysis, PathBuf) {
    let path = program(name);
    let m = module_of(&path);
    (analyse(&m, opts), path)
}

/// The line of the (unique) comment `// BUG` in a program.
fn bug_line(path: &Path) -> u32 {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<usize> = text.lines().enumerate().filter(|(_, l)| l.contains("// BUG")).map(|(i, _)| i + 1).collect();
    assert_eq!(lines.len(), 1, "one BUG marker in {}", path.display());
    lines[0] as u32
}

/// A directory of its own for one test's files, removed when the result is dropped.
fn temp_dir(tag: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("vigil-static-{tag}-")).tempdir().unwrap()
}

/// Runs the program natively on the report's inputs; true if it ends in the reported bug.
fn replays_natively(path: &Path, r: &Report, tag: &str) -> bool {
    let dir = temp_dir(tag);
    let vals: Vec<String> = r.inputs.iter().map(|i| format!("{}ULL", i.value)).collect();
    let mut h = String::from("#include <stdlib.h>\n#include <stdio.h>\n");
    h += &format!("static const unsigned long long vals[] = {{ {} 0 }};\n", vals.iter().map(|v| format!("{v},")).collect::<String>());
    h += &format!("static int n = {}, k = 0;\n", vals.len());
    h += "static unsigned long long next(void) { return k < n ? vals[k++] : 0; }\n";
    for (name, ty) in [
        ("int", "int"),
        ("uint", "unsigned int"),
        ("long", "long"),
        ("ulong", "unsigned long"),
        ("char", "char"),
        ("uchar", "unsigned char"),
        ("short", "short"),
        ("ushort", "unsigned short"),
    ] {
        h += &format!("{ty} __VERIFIER_nondet_{name}(void) {{ return ({ty})next(); }}\n");
    }
    h += "_Bool __VERIFIER_nondet_bool(void) { return (_Bool)next(); }\n";
    h += "void reach_error(void) { fflush(stdout); _exit(77); }\n";
    h += "void _exit(int);\n";
    let hp = dir.path().join("harness.c");
    std::fs::write(&hp, h.replace("void _exit(int);\n", "").replace("#include <stdio.h>\n", "#include <stdio.h>\n#include <unistd.h>\n")).unwrap();
    let exe = dir.path().join("prog");
    let out = Command::new("clang-19")
        .args(["-O0", "-w", "-o"])
        .arg(&exe)
        .arg(path)
        .arg(&hp)
        .output()
        .expect("clang-19 runs");
    assert!(out.status.success(), "native build failed: {}", String::from_utf8_lossy(&out.stderr));
    let st = Command::new(&exe).output().expect("program runs").status;
    use std::os::unix::process::ExitStatusExt;
    match r.kind {
        ReportKind::Assertion => st.code() == Some(77),
        ReportKind::NullDeref => st.signal() == Some(11),
        ReportKind::DivByZero => st.signal() == Some(8),
    }
}

/// The reports the header of a program states: `// report: KIND in FUNCTION` lines (each at the
/// line marked `// BUG`), or `// report: none`.
fn expected_reports(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).unwrap();
    let stated = header::values(&text, "report");
    assert!(!stated.is_empty(), "{}: no `// report:` header", path.display());
    stated
        .iter()
        .filter(|r| r.as_str() != "none")
        .map(|r| {
            let (kind, function) = r.split_once(" in ").unwrap_or_else(|| panic!("{}: `report: {r}` is not `KIND in FUNCTION`", path.display()));
            (kind.to_string(), function.to_string())
        })
        .collect()
}

/// Asserts that the analysis found exactly the reports the program's header states, and that
/// each report's inputs reach its bug natively; returns the reports.
fn assert_reports_as_headed(an: &Analysis, path: &Path, tag: &str) -> Vec<Report> {
    let expected = expected_reports(path);
    assert_eq!(an.reports.len(), expected.len(), "reports: {:#?}\nskipped: {:?}\n{}", an.reports, an.skipped, an.stats);
    for (r, (kind, function)) in an.reports.iter().zip(&expected) {
        assert_eq!((r.kind.rule_id(), r.function.as_str()), (kind.as_str(), function.as_str()));
        assert_eq!(r.line, bug_line(path));
        assert!(replays_natively(path, r, tag), "inputs {:?} do not reach the bug natively", r.inputs);
    }
    an.reports.clone()
}

/// [`assert_reports_as_headed`] for a program whose header states one report.
fn assert_one_report(an: &Analysis, path: &Path, tag: &str) -> Report {
    let mut reports = assert_reports_as_headed(an, path, tag);
    assert_eq!(reports.len(), 1, "{}: the header states one report", path.display());
    reports.remove(0)
}

#[test]
fn interprocedural_null_guarded_by_a_returned_flag() {
    let (an, path) = run("interproc_null.c", &Options::default());
    let r = assert_one_report(&an, &path, "null");
    assert_eq!(r.context, vec!["main", "bad_use"]);
    assert_eq!(r.inputs.len(), 2, "get reads one input per call: {:?}", r.inputs);
    assert!((r.inputs[1].value as i32) > 5);
    assert!(an.skipped.is_empty(), "{:?}", an.skipped);
}

#[test]
fn bug_four_calls_deep_needs_a_combination_of_inputs() {
    let (an, path) = run("deep.c", &Options::default());
    let r = assert_one_report(&an, &path, "deep");
    assert_eq!(r.context, vec!["main", "a", "b", "c", "d"]);
    let vals: Vec<i32> = r.inputs.iter().map(|i| i.value as i32).collect();
    assert_eq!(vals, vec![8, -2]);
    assert!(an.stats.vcs_lifted >= 4, "{}", an.stats);
}

#[test]
fn flip_scale_is_proved_without_expanding_init() {
    let (an, path) = run("flip_scale.c", &Options::default());
    assert_reports_as_headed(&an, &path, "flip");
    assert_eq!(an.stats.vcs_undecided, 0, "{}", an.stats);
    let ex = &an.stats.expanded_by_callee;
    assert!(ex.get("flip:ret").copied().unwrap_or(0) >= 1, "{ex:?}");
    assert!(ex.keys().any(|k| k.starts_with("flip:*m")), "flip's effect on global2 expanded: {ex:?}");
    assert_eq!(ex.get("init:ret"), None, "init's summary must never be expanded: {ex:?}");
    assert!(an.vcs_proved >= 1);
}

#[test]
fn aliasing_pointer_parameters() {
    let (an, path) = run("aliasing.c", &Options::default());
    let r = assert_one_report(&an, &path, "alias");
    assert_eq!(r.context, vec!["main", "distinct_bug"]);
}

#[test]
fn struct_fields_are_distinct_locations() {
    let (an, path) = run("struct_fields.c", &Options::default());
    let r = assert_one_report(&an, &path, "struct");
    assert!((r.inputs[0].value as i32) <= 10, "{:?}", r.inputs);
}

#[test]
fn division_by_zero_after_an_unrolled_loop() {
    let opts = Options { unroll: 2, ..Options::default() };
    let (an, path) = run("div_loop.c", &opts);
    let r = assert_one_report(&an, &path, "div");
    assert_eq!(r.inputs.len(), 2);
    // With one iteration fewer the loop cannot exit: no path reaches the division.
    let (an1, _) = run("div_loop.c", &Options { unroll: 1, ..Options::default() });
    assert!(an1.reports.is_empty(), "{:#?}", an1.reports);
}

#[test]
fn property_selection_and_sarif() {
    let opts = Options {
        properties: vigil_static::PropertySet { unreach_call: true, null_deref: false, div_by_zero: false },
        ..Options::default()
    };
    let (an, path) = run("interproc_null.c", &opts);
    assert!(an.reports.is_empty());
    let (an, _) = run("interproc_null.c", &Options::default());
    let s = vigil_static::sarif(&an, &path.display().to_string(), &[]);
    assert!(s.contains("\"ruleId\":\"null-deref\""));
    assert!(s.contains("\"codeFlows\""));
}

/// A generated program of several thousand lines: many functions with branches, safe divisions
/// and guarded dereferences, called in a chain from main, with one real bug in main.
#[test]
fn generated_program_of_thousands_of_lines_finishes_quickly() {
    let n = 150;
    let src = generated::gen_chain(n);
    let lines = src.lines().count();
    assert!(lines > 3000, "{lines} lines");
    let dir = temp_dir("gen");
    let path = dir.path().join("gen.c");
    std::fs::write(&path, &src).unwrap();
    let m = module_of(&path);
    let t0 = Instant::now();
    // The generated loops run twice: their back edges must be followed twice.
    let an = analyse(&m, &Options { unroll: 2, ..Options::default() });
    let took = t0.elapsed();
    eprintln!("generated program: {lines} lines in {took:?}\n{}", an.stats);
    assert!(an.skipped.is_empty(), "{:?}", an.skipped);
    assert_eq!(an.reports.len(), 1, "{:#?}", an.reports.iter().map(|r| (r.kind, &r.function, r.line)).collect::<Vec<_>>());
    let r = &an.reports[0];
    assert_eq!((r.kind, r.function.as_str(), r.line), (ReportKind::Assertion, "main", bug_line(&path)));
    assert_eq!(r.inputs[0].value as i32, 4242);
    assert!(replays_natively(&path, r, "gen"));
    assert!(an.vcs_proved > n, "{}", an.stats);
}

#[test]
fn unsupported_constructs_and_recursion_are_reported_not_fatal() {
    let (an, path) = run("unsupported_recursion.c", &Options::default());
    assert!(an.skipped.iter().any(|(f, why)| f == "scaled" && !why.is_empty()), "{:?}", an.skipped);
    assert!(an.stats.broken_recursion_edges.iter().any(|e| e == "fact -> fact"), "{}", an.stats);
    let r = assert_one_report(&an, &path, "unsup");
    assert_eq!(r.inputs[0].value as i32, 3);
}

#[test]
fn struct_copies_and_coerced_struct_values_keep_field_values() {
    let (an, path) = run("struct_copy.c", &Options::default());
    assert!(an.skipped.is_empty(), "{:?}", an.skipped);
    let r = assert_one_report(&an, &path, "copy");
    assert_eq!(r.inputs[0].value as i32, 41);
}

#[test]
fn an_interrupt_ends_the_analysis_early_without_reports() {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let opts = Options { interrupt: Some(flag), ..Options::default() };
    let (an, _) = run("deep.c", &opts);
    assert!(an.reports.is_empty());
    assert!(an.incomplete.is_some());
    assert_eq!(an.vcs_proved, 0);
}
