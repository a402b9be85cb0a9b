//! Runs every program of `tests/programs/` through the front end and the engine and checks the
//! verdict and iteration bound its header states (`// expect:`, `// max-iterations:`,
//! `// expect-without-generalization:`, `// expect-ly:`, `// expect-cegar:` with
//! `// max-iterations-baseline:`; the header syntax of `tests/README.md`). Every `false` is also
//! replayed from scratch. The variants of the templates in `tests/programs/templates/`
//! (`families.rs`) are programs of the corpus like the others.

use std::path::{Path, PathBuf};

use vigil_synergy::{check, Algorithm, Options, Verdict};

#[path = "../../../tests/parallel.rs"]
mod parallel;
use parallel::in_parallel;
#[path = "../../../tests/header.rs"]
mod header;
use header::value as header;
mod families;

fn load(path: &Path) -> vigil_ir::Module {
    let fo = vigil_frontend::FrontendOptions::default();
    vigil_frontend::load(&[path.to_path_buf()], &fo).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The variants of the templates, written once per test binary.
fn variants() -> &'static [PathBuf] {
    static V: std::sync::OnceLock<Vec<PathBuf>> = std::sync::OnceLock::new();
    V.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/templates");
        families::write_all(&dir, &Path::new(env!("CARGO_TARGET_TMPDIR")).join("synergy-families"))
    })
}

/// A corpus program by file name (a plain file or a template's variant).
fn program(name: &str) -> PathBuf {
    let plain = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs").join(name);
    if plain.exists() {
        return plain;
    }
    variants().iter().find(|p| p.ends_with(name)).cloned().unwrap_or_else(|| panic!("no corpus program {name}"))
}

fn programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .chain(variants().iter().cloned())
        .collect();
    v.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    v
}

/// Replays a counterexample's inputs from scratch on a freshly flattened program.
fn replay_reaches_error(path: &Path, inputs: &[vigil_synergy::Input]) -> bool {
    let flat = vigil_synergy::flatten::flatten(&load(path)).unwrap();
    let values: Vec<u64> = inputs.iter().map(|i| i.value).collect();
    vigil_synergy::engine::replay_reaches_error(&flat, &values, 1_000_000)
}

fn run(path: &Path, algorithm: Algorithm, generalize: bool, max_iterations: u64) -> (Verdict, vigil_synergy::Stats) {
    let m = load(path);
    let opts = Options { algorithm, generalize, max_iterations, ..Default::default() };
    check(&m, &opts)
}

#[test]
fn template_variants_are_distinct_programs() {
    let all = programs();
    let mut names: Vec<_> = all.iter().map(|p| p.file_name().unwrap().to_owned()).collect();
    names.dedup();
    assert_eq!(names.len(), all.len(), "a variant has the name of another program");
    assert!(variants().len() >= 11, "variants: {:?}", variants());
}


#[test]
fn synergy_programs_meet_their_verdict_and_iteration_bound() {
    let failures = in_parallel(&programs(), |p| {
        let src = std::fs::read_to_string(p).unwrap();
        let expect = header(&src, "expect").expect("expect header");
        let bound: u64 = header(&src, "max-iterations").expect("max-iterations header").parse().unwrap();
        let (o, st) = run(p, Algorithm::Synergy, true, bound + 1);
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if let Verdict::Unsafe { inputs, trace } = &o {
            if trace.is_empty() {
                return Err(format!("{name}: empty trace"));
            }
            if !replay_reaches_error(p, inputs) {
                return Err(format!("{name}: inputs do not replay"));
            }
        }
        if o.verdict() != expect || st.iterations > bound {
            return Err(format!("{name}: got {} ({o:?}) in {} iterations; expected {expect} within {bound}", o.verdict(), st.iterations));
        }
        Ok(())
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Table 1 of the SYNERGY paper: the iterations its implementation took on test1.c … test20.c.
const PAPER_ITERATIONS: [u64; 20] = [9, 6, 5, 2, 2, 1, 6, 2, 3, 3, 2, 7, 12, 1, 3, 3, 2, 24, 24, 22];

#[test]
fn every_pattern_of_the_papers_table_is_in_the_corpus_within_its_count() {
    // `// paper: testN.c, K iterations` names the row a program stands for; its bound must be
    // at most K, unless the header records vigil's count and the comment says why it differs.
    let mut seen = [false; 20];
    for p in programs() {
        let src = std::fs::read_to_string(&p).unwrap();
        let Some(row) = header(&src, "paper") else { continue };
        let n: usize = row.strip_prefix("test").and_then(|r| r.split('.').next()).and_then(|n| n.parse().ok()).expect("paper: testN.c");
        let k = PAPER_ITERATIONS[n - 1];
        assert!(row.contains(&format!(", {k} iteration")), "{}: the paper gives test{n}.c {k} iterations", p.display());
        let bound: u64 = header(&src, "max-iterations").unwrap().parse().unwrap();
        let recorded = row.contains(&format!("(vigil {bound}, see above)"));
        assert!(bound <= k || recorded, "{}: bound {bound} above the paper's {k} without a recorded reason", p.display());
        seen[n - 1] = true;
    }
    let missing: Vec<usize> = (1..=20).filter(|n| !seen[n - 1]).collect();
    assert!(missing.is_empty(), "rows of Table 1 without a corpus program: {missing:?}");
}

#[test]
fn without_generalization_the_divergent_program_stays_unknown() {
    let failures = in_parallel(&programs(), |p| {
        let src = std::fs::read_to_string(p).unwrap();
        let Some(expect) = header(&src, "expect-without-generalization") else { return Ok(()) };
        let expect = expect.split_whitespace().next().unwrap_or("").to_string();
        let (o, st) = run(p, Algorithm::Synergy, false, 30);
        if o.verdict() != expect || st.generalizations != 0 {
            return Err(format!("{}: {o:?} after {} generalizations, expected {expect} and none", p.display(), st.generalizations));
        }
        Ok(())
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn baselines_meet_their_expectations() {
    let mut failures = Vec::new();
    for p in programs() {
        let src = std::fs::read_to_string(&p).unwrap();
        let bound: u64 = header(&src, "max-iterations-baseline").map_or(60, |b| b.parse().unwrap());
        for (key, alg) in [("expect-ly", Algorithm::LeeYannakakis), ("expect-cegar", Algorithm::Cegar)] {
            let Some(expect) = header(&src, key) else { continue };
            let (o, st) = run(&p, alg, false, bound);
            if o.verdict() != expect {
                failures.push(format!("{} {}: got {o:?} after {} iterations, expected {expect}", p.display(), alg.name(), st.iterations));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_lock_proof_uses_the_papers_predicates_and_prints_as_json() {
    let p = program("lock.c");
    // With every block a location, as in Figure 3 (with trees of blocks the loop's body and
    // the check after it are one step from the loop head, whose relation alone excludes the
    // error: the proof needs no refinement at all).
    let (o, st) = run(&p, Algorithm::Synergy, true, 60);
    assert!(matches!(o, Verdict::Safe { .. }) && st.iterations == 0 && st.refinements == 0, "{o:?} {st:?}");
    let opts = Options { block_trees: false, max_iterations: 60, ..Default::default() };
    let (o, _) = check(&load(&p), &opts);
    let Verdict::Safe { proof } = o else { panic!("expected a proof, got {o:?}") };
    let text = proof.to_string();
    // Figure 3: the regions are told apart by the lock state and by x == y.
    assert!(text.contains("lock[0] != 1") || text.contains("lock[0] == 1"), "{text}");
    assert!(text.contains("main:y.0 == main:y.1"), "{text}");
    let json = proof.to_json();
    assert!(json.starts_with("{\"abstract_reachable_regions\":"), "{json}");
    assert!(json.contains("\"location\":\"main/do.end\""), "{json}");
    assert_eq!(json.matches('{').count(), json.matches('}').count());
}

#[test]
fn other_properties_are_unknown() {
    let p = program("dart.c");
    let m = load(&p);
    let opts = Options { property: vigil_semantics::Property::NoDataRace, ..Default::default() };
    let (o, _) = check(&m, &opts);
    assert!(matches!(&o, Verdict::Unknown(r) if r.cause == vigil_ir::unknown::Cause::Declined && r.message.contains("valid-memsafety")), "{o:?}");
}

#[test]
fn under_valid_memsafety_a_memory_error_is_the_error_and_reach_error_is_not() {
    // dart.c has no heap and no array: its reach_error is another property's error.
    let p = program("dart.c");
    let opts = Options { property: vigil_semantics::Property::ValidMemsafety, max_iterations: 50, ..Default::default() };
    let (o, _) = check(&load(&p), &opts);
    assert!(matches!(&o, Verdict::Unknown(r) if r.message.contains("not the property")), "{o:?}");
    // heap_in_loop.c allocates in a loop and frees every object: under memsafety the engine
    // no longer declines it (a proof needs a second one, of reachability at loop heads); it
    // must not find a memory error (bounded by a deadline: the answer may be unknown).
    let p = program("heap_in_loop.c");
    let opts = Options { deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(30)), ..opts };
    let (o, _) = check(&load(&p), &opts);
    assert!(!matches!(&o, Verdict::Unsafe { .. }), "{o:?}");
    assert!(!matches!(&o, Verdict::Unknown(r) if r.message.contains("allocate and loop") && r.message.contains("declines")), "{o:?}");
}

#[test]
fn under_no_overflow_the_error_is_a_signed_overflow() {
    // dart.c computes 2 * x and x + 10 on a 32-bit input: both can overflow.
    let p = program("dart.c");
    let m = load(&p);
    let opts = Options { property: vigil_semantics::Property::NoOverflow, max_iterations: 50, ..Default::default() };
    let (o, _) = check(&m, &opts);
    let Verdict::Unsafe { inputs, trace } = o else { panic!("expected an overflow, got {o:?}") };
    let (x, y) = (inputs[0].value as u32 as i32, inputs[1].value as u32 as i32);
    assert!(x != y && (x.checked_mul(2).is_none() || x.checked_add(10).is_none()), "x={x} y={y}");
    assert_eq!(trace.last().unwrap().what, "signed overflow");
}

#[test]
fn counterexample_traces_name_file_and_lines() {
    let p = program("dart.c");
    let (o, _) = run(&p, Algorithm::Synergy, true, 10);
    let Verdict::Unsafe { inputs, trace } = o else { panic!("expected a counterexample, got {o:?}") };
    assert_eq!(inputs.len(), 2);
    assert!(inputs.iter().all(|i| i.function == "__VERIFIER_nondet_int" && i.width == 32));
    let (x, y) = (inputs[0].value as u32 as i32, inputs[1].value as u32 as i32);
    assert!(x != y && 2i32.wrapping_mul(x) == x.wrapping_add(10), "x={x} y={y}");
    let last = trace.last().unwrap();
    assert!(last.what.contains("reach_error"), "{last:?}");
    assert!(last.file.ends_with("dart.c") && last.line > 0, "{last:?}");
}
