//! The in-process link of the program with a runtime (`lower::gep_offsets::compute`): a symbol
//! both define is the linker's error, reported as such instead of ending the process (LLVM's
//! default diagnostic handler exits on errors), and a program calling the runtime links.

use std::path::Path;
use std::process::Command;
use vigil_frontend::lower::gep_offsets::{compute, Failure};

fn bitcode(dir: &Path, name: &str, source: &str) -> std::path::PathBuf {
    let c = dir.join(format!("{name}.c"));
    std::fs::write(&c, source).expect("write C");
    let bc = dir.join(format!("{name}.bc"));
    let clang = vigil_frontend::ToolPaths::discover(None).clang;
    let out = Command::new(clang).args(["-c", "-emit-llvm", "-O1"]).arg(&c).arg("-o").arg(&bc).output().expect("run clang");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    bc
}

#[test]
fn a_symbol_defined_twice_is_a_link_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let program = bitcode(dir.path(), "program", "int twice(void) { return 1; }\nint main(void) { return twice(); }\n");
    let runtime = std::fs::read(bitcode(dir.path(), "runtime", "int twice(void) { return 2; }\n")).expect("read");
    match compute(&program, Some(&runtime), &dir.path().join("out.bc")) {
        Err(Failure::Link(why)) => assert!(why.contains("twice"), "{why}"),
        other => panic!("expected a link error, got {other:?}"),
    }
}

#[test]
fn a_program_calling_the_runtime_links_and_keeps_both_definitions() {
    let dir = tempfile::tempdir().expect("temp dir");
    let program = bitcode(dir.path(), "program", "int helper(int);\nint main(void) { return helper(2); }\n");
    let runtime = std::fs::read(bitcode(dir.path(), "runtime", "int helper(int x) { return x + 1; }\n")).expect("read");
    let out = dir.path().join("out.bc");
    compute(&program, Some(&runtime), &out).expect("links");
    let m = llvm_ir::Module::from_bc_path(&out).expect("reads");
    let defined: Vec<&str> = m.functions.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(defined, ["main", "helper"], "the program's functions first, as llvm-link orders them");
}
