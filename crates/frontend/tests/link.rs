//! The in-process link of the program with a runtime (`lower::gep_offsets::compute`): a symbol
//! both define is the linker's error, reported as such instead of ending the process (LLVM's
//! default diagnostic handler exits on errors), a program calling the runtime links, and of the
//! runtime only what the program and the VM's entry points reach is kept (`lower::prune`).

use std::path::Path;
use std::process::Command;
use vigil_frontend::lower::gep_offsets::{compute, Failure, Runtime};

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
    match compute(&program, Some(Runtime { bitcode: &runtime, whole: false }), &dir.path().join("out.bc")) {
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
    compute(&program, Some(Runtime { bitcode: &runtime, whole: false }), &out).expect("links");
    let m = llvm_ir::Module::from_bc_path(&out).expect("reads");
    let defined: Vec<&str> = m.functions.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(defined, ["main", "helper"], "the program's functions first, as llvm-link orders them");
}

#[test]
fn only_the_runtime_the_program_and_the_entry_points_reach_is_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let program = bitcode(
        dir.path(),
        "program",
        "int helper(int);\n__attribute__((noinline)) int program_unused(int x) { return x * 3; }\nint main(void) { return helper(2); }\n",
    );
    let runtime_source = "\
        typedef int (*fn)(int);\n\
        __attribute__((noinline)) int via_table(int x) { return x - 1; }\n\
        fn table[1] = { via_table };\n\
        int helper(int x) { return table[0](x) + 1; }\n\
        int counter;\n\
        __attribute__((noinline)) int only_from_unused(int x) { return x + counter; }\n\
        int unused(int x) { counter++; return only_from_unused(x); }\n\
        void exit(int code) { for (;;) {} }\n\
        volatile int booted;\n\
        __attribute__((noinline)) void at_boot(void) { booted = 1; }\n\
        void __boot(void) { at_boot(); }\n\
        int __VERIFIER_nondet_int(void) { return 0; }\n";
    let runtime = std::fs::read(bitcode(dir.path(), "runtime", runtime_source)).expect("read");
    let out = dir.path().join("out.bc");
    compute(&program, Some(Runtime { bitcode: &runtime, whole: false }), &out).expect("links");
    let m = llvm_ir::Module::from_bc_path(&out).expect("reads");
    let mut functions: Vec<&str> = m.functions.iter().map(|f| f.name.as_str()).collect();
    functions.sort();
    assert_eq!(
        functions,
        ["__VERIFIER_nondet_int", "__boot", "at_boot", "exit", "helper", "main", "program_unused", "via_table"],
        "kept: the program's own functions, what they call (also through a table), the entry points and what they call"
    );
    let globals: Vec<String> = m
        .global_vars
        .iter()
        .map(|g| match &g.name {
            llvm_ir::Name::Name(s) => s.to_string(),
            llvm_ir::Name::Number(n) => n.to_string(),
        })
        .collect();
    assert_eq!(globals, ["table", "booted"], "a global only an unreachable function reads is dropped");
}
