//! The C corpus under `tests/c/`: every program lowers without an unsupported construct, and
//! together the programs cover every instruction kind, operator, intrinsic and SV-COMP function
//! the lowering supports (so a construct that silently stops appearing is noticed).
//!
//! Header lines of a corpus program: `// flags: --m32` compiles it for ILP32.
//! Programs under `tests/c/unsupported/` are checked by `unsupported.rs` instead; a corpus program
//! whose header says `// unknown: unsupported` is a verdict test of an unsupported construct and
//! may (must) have one.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use vigil_frontend::{load, FrontendOptions};
use vigil_ir::{Callee, InstKind, Intrinsic, Module, Terminator};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/c")
}

#[path = "../../../tests/parallel.rs"]
mod parallel;
#[path = "../../../tests/header.rs"]
mod header;

fn corpus_files() -> Vec<PathBuf> {
    header::corpus_files(&corpus_dir(), &["c", "ll"])
}

/// Whether the program's header states that the engines answer `unknown` for an unsupported
/// construct (cause `unsupported`, not another cause of that class such as `unknown-function`) (header lines are the leading `//` lines, see tests/README.md).
fn expects_unsupported(path: &Path) -> bool {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .take_while(|l| l.starts_with("//"))
        .any(|l| l.strip_prefix("// unknown:").is_some_and(|c| matches!(c.trim(), "unsupported" | "unsupported:unsupported")))
}

fn options_for(path: &Path) -> FrontendOptions {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut o = FrontendOptions::default();
    o.m32 = text.lines().take(5).any(|l| l.starts_with("// flags:") && l.contains("--m32"));
    o
}

/// Everything the corpus exercises, as readable tags.
fn coverage(m: &Module, tags: &mut BTreeSet<String>) {
    for (_, f) in m.defined_functions() {
        for b in &f.blocks {
            for i in &b.insts {
                let tag = match &i.kind {
                    InstKind::Bin { op, flags, .. } => {
                        if flags.nsw {
                            tags.insert("flag:nsw".into());
                        }
                        if flags.nuw {
                            tags.insert("flag:nuw".into());
                        }
                        if flags.exact {
                            tags.insert("flag:exact".into());
                        }
                        format!("bin:{}", op.name())
                    }
                    InstKind::ICmp { pred, .. } => format!("icmp:{}", pred.name()),
                    InstKind::Select { .. } => "select".into(),
                    InstKind::Cast { op, .. } => format!("cast:{}", op.name()),
                    InstKind::Phi { .. } => "phi".into(),
                    InstKind::Alloca { .. } => "alloca".into(),
                    InstKind::Load { atomic, .. } => {
                        if atomic.is_some() { "load-atomic".into() } else { "load".into() }
                    }
                    InstKind::Store { atomic, .. } => {
                        if atomic.is_some() { "store-atomic".into() } else { "store".into() }
                    }
                    InstKind::PtrAdd { indices, .. } => {
                        if indices.is_empty() { "ptradd-const".into() } else { "ptradd-var".into() }
                    }
                    InstKind::IndexCheck { one_past, .. } => {
                        if *one_past { "indexcheck-one-past".into() } else { "indexcheck".into() }
                    }
                    InstKind::BoolCheck { .. } => "boolcheck".into(),
                    InstKind::Call { callee: Callee::Direct(c), .. } => {
                        let name = &m.function(*c).name;
                        if name.starts_with("__VERIFIER_") || name == "reach_error" || name == "abort"
                            || name == "exit" || name == "__assert_fail"
                        {
                            tags.insert(format!("svcomp:{name}"));
                        }
                        "call-direct".into()
                    }
                    InstKind::Call { callee: Callee::Indirect(_), .. } => "call-indirect".into(),
                    InstKind::Intrinsic { which, .. } => format!("intrinsic:{}", which.llvm_name()),
                    InstKind::Freeze { .. } => "freeze".into(),
                    InstKind::ExtractValue { .. } => "extractvalue".into(),
                    InstKind::InsertValue { .. } => "insertvalue".into(),
                    InstKind::AtomicRmw { .. } => "atomicrmw".into(),
                    InstKind::CmpXchg { .. } => "cmpxchg".into(),
                    InstKind::Fence { .. } => "fence".into(),
                    InstKind::Float { op, .. } => format!("float:{}", op.name()),
                    InstKind::Unsupported { construct } => format!("UNSUPPORTED {construct}"),
                };
                tags.insert(tag);
            }
            tags.insert(
                match &b.term {
                    Terminator::Ret { .. } => "term:ret",
                    Terminator::Br { .. } => "term:br",
                    Terminator::CondBr { .. } => "term:condbr",
                    Terminator::Switch { .. } => "term:switch",
                    Terminator::Unreachable => "term:unreachable",
                    Terminator::Unsupported { .. } => "term:UNSUPPORTED",
                }
                .to_string(),
            );
        }
    }
    for g in &m.globals {
        if g.init.as_ref().is_some_and(|i| !i.relocs.is_empty()) {
            tags.insert("global-reloc".into());
        }
    }
}

#[test]
fn corpus_has_at_least_forty_programs() {
    let n = corpus_files().iter().filter(|p| p.extension().is_some_and(|e| e == "c")).count();
    assert!(n >= 40, "only {n} C programs in tests/c");
}

#[test]
fn every_corpus_program_lowers_and_all_constructs_are_covered() {
    // Two programs at a time (a load is mostly clang and LLVM child processes).
    let tags = std::sync::Mutex::new(BTreeSet::new());
    let failures = parallel::in_parallel(&corpus_files(), |path| {
        let mut mine = BTreeSet::new();
        let mut failures = Vec::new();
        check_program(path, &mut mine, &mut failures);
        tags.lock().unwrap_or_else(|e| e.into_inner()).extend(mine);
        if failures.is_empty() { Ok(()) } else { Err(failures.join("\n")) }
    });
    let tags = tags.into_inner().unwrap_or_else(|e| e.into_inner());
    assert!(failures.is_empty(), "corpus failures:\n{}", failures.join("\n"));
    assert_all_constructs_covered(&tags);
}

/// Loads one corpus program, notes what it exercises in `tags` and its problems in `failures`.
fn check_program(path: &Path, tags: &mut BTreeSet<String>, failures: &mut Vec<String>) {
    match load(&[path.to_path_buf()], &options_for(path)) {
        Ok(m) => {
            let expected = expects_unsupported(path);
            // A kept compound literal of a nested block is unsupported as a whole
            // (vigil_frontend::literals), with no construct of its own.
            if expected && m.unsupported.is_empty() && m.unmarked_lifetime_kept.is_none() {
                failures.push(format!("{}: `unknown: unsupported` header but nothing unsupported", path.display()));
            } else if !expected && !m.unsupported.is_empty() {
                let u = &m.unsupported[0];
                failures.push(format!("{}: unsupported {} at {}", path.display(), u.construct, m.describe_loc(u.loc)));
            }
            coverage(&m, tags);
        }
        Err(e) => failures.push(format!("{}: {e}", path.display())),
    }
}

/// Every construct the lowering supports appears in some program of the corpus.
fn assert_all_constructs_covered(tags: &BTreeSet<String>) {
    let mut expected: Vec<String> = Vec::new();
    for op in ["add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "and", "or", "xor", "shl", "lshr", "ashr"] {
        expected.push(format!("bin:{op}"));
    }
    for p in ["eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"] {
        expected.push(format!("icmp:{p}"));
    }
    for c in ["trunc", "zext", "sext", "ptrtoint", "inttoptr", "bitcast"] {
        expected.push(format!("cast:{c}"));
    }
    for i in Intrinsic::ALL {
        expected.push(format!("intrinsic:{}", i.llvm_name()));
    }
    for s in [
        "bool", "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "longlong",
        "ulonglong", "size_t", "pointer",
    ] {
        expected.push(format!("svcomp:__VERIFIER_nondet_{s}"));
    }
    for s in [
        "__VERIFIER_assume", "__VERIFIER_atomic_begin", "__VERIFIER_atomic_end", "__VERIFIER_error",
        "reach_error", "abort", "exit", "__assert_fail",
    ] {
        expected.push(format!("svcomp:{s}"));
    }
    for t in [
        "flag:nsw", "flag:nuw", "flag:exact", "select", "phi", "alloca", "load", "store",
        "load-atomic", "store-atomic", "ptradd-const", "ptradd-var", "indexcheck", "indexcheck-one-past", "boolcheck", "call-direct", "call-indirect",
        "freeze", "extractvalue", "insertvalue", "atomicrmw", "cmpxchg", "fence", "term:ret",
        "term:br", "term:condbr", "term:switch", "term:unreachable", "global-reloc",
    ] {
        expected.push(t.to_string());
    }
    let missing: Vec<&String> = expected.iter().filter(|t| !tags.contains(*t)).collect();
    assert!(missing.is_empty(), "constructs not covered by tests/c: {missing:?}");
}
